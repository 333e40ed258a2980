/** What a Queue service URL addresses: the account, a queue, its messages, one message. */
package io.cerulean.queue.rest.resource;
