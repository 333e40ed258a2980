/** The Queue service's XML bodies, written and read through the kernel's XML kit. */
package io.cerulean.queue.rest.xml;
