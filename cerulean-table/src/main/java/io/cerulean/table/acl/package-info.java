/**
 * Stored access policies (a table's ACL): named groups of SAS constraints that a shared access
 * signature refers to by {@code si}, so that it can be revoked by changing the policy.
 */
package io.cerulean.table.acl;
