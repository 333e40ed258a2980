/**
 * Stored access policies, as the Table, Queue and Blob services share them: named groups of SAS
 * constraints that a shared access signature refers to by {@code si}, so that it can be revoked by
 * changing the policy. Each service says which permission letters its policies may hold.
 */
package io.cerulean.common.acl;
