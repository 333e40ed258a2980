/**
 * The queue catalogue: Create, Delete and List Queues, each queue's metadata, ACL and messages
 * instance, as rows of the {@code QUEUE_CATALOG} key space ({@link io.cerulean.queue.layout.QueueCatalog}).
 * Nothing here reads or writes a message: a queue names the instance its messages are in, and
 * {@code io.cerulean.queue.messages} works on that instance. Every change is a conditional commit on
 * the row read, so servers sharing a store need no lock between them.
 */
package io.cerulean.queue.catalog;
