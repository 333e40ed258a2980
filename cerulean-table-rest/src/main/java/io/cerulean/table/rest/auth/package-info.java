/**
 * What a Table service caller may do: the grants (account key, bearer token by its principal's data role, account SAS, table
 * SAS with its PartitionKey/RowKey range), the actions they are checked against, the table SAS and
 * the Shared Key string-to-sign of the Table service, and the kernel's authentication configured
 * with them ({@link io.cerulean.table.rest.auth.TableAuthentication}). Every refusal is a 403
 * before anything changes.
 */
package io.cerulean.table.rest.auth;
