/**
 * The Queue service's one entry point, {@link io.cerulean.queue.service.QueueService}: what the REST
 * layer calls. It finds a queue in the catalogue ({@code io.cerulean.queue.catalog}) and hands the
 * instance its messages are in to the message operations ({@code io.cerulean.queue.messages}); its
 * constructor is where those pieces are built and wired.
 */
package io.cerulean.queue.service;
