/**
 * The Queue service's REST layer: what the kernel's pipeline needs to serve it ({@link
 * io.cerulean.queue.rest.QueueRestService}), wired by {@link io.cerulean.queue.rest.QueueRest}.
 */
package io.cerulean.queue.rest;
