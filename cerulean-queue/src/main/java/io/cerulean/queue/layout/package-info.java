/** How queues and their messages are laid out on the storage seam: keys, values, pop receipts. */
package io.cerulean.queue.layout;
