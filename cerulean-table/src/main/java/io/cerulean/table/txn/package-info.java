/**
 * Entity writes and entity group transactions: the Azure rules for Insert, Update, Merge, the
 * upserts and Delete (conditions, ETags, one Timestamp per transaction), executed as one atomic
 * conditional commit on the store. A transaction is all or nothing, and a failure names the index
 * of the operation that caused it.
 */
package io.cerulean.table.txn;
