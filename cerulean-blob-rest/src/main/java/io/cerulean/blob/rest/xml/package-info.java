/** The Blob service's XML bodies: listings and block lists, written and read with the kernel's XML kit. */
package io.cerulean.blob.rest.xml;
