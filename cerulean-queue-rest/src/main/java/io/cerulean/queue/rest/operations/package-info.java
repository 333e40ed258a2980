/**
 * The Queue service's operations, one class per REST operation ({@link
 * io.cerulean.queue.rest.operations.QueueRestOperation}). Each checks its request (query
 * parameters, headers, body) before it changes anything, so a refused request changes nothing.
 */
package io.cerulean.queue.rest.operations;
