/**
 * Who may do what on the Queue service: the kernel's Shared Key (in its Blob and Queue form), account
 * SAS and bearer tokens, the queue SAS, and the grant each credential earns ({@link
 * io.cerulean.queue.rest.auth.QueueGrant}).
 */
package io.cerulean.queue.rest.auth;
