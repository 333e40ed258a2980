/**
 * A queue's messages, in the messages instance its catalogue row names ({@link io.cerulean.queue.layout.MessageLayout}):
 * Put, Peek, Update and Delete Message, Clear Messages ({@link io.cerulean.queue.messages.Messages}),
 * Get Messages ({@link io.cerulean.queue.messages.Dequeuer}) and the sweep of expired messages
 * ({@link io.cerulean.queue.messages.ExpirySweep}). Every change of a message is a conditional
 * commit on its id row's version ({@link io.cerulean.queue.messages.MessageRows}), so a message is
 * handed to one caller at a time whichever servers share the store. Nothing here reads the
 * catalogue: the caller names the instance.
 */
package io.cerulean.queue.messages;
