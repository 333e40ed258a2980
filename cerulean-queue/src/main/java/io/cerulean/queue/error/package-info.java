/** The Queue service's error catalogue. */
package io.cerulean.queue.error;
