/**
 * The Queue service's operations, one method each, grouped by the resource they act on: the
 * service, a queue, its messages. Each checks its request (query parameters, headers, body) before
 * it changes anything, so a refused request changes nothing.
 */
package io.cerulean.queue.rest.operations;
