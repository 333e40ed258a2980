/** The one place a Queue service request becomes an operation ({@link io.cerulean.queue.rest.routing.QueueRouter}). */
package io.cerulean.queue.rest.routing;
