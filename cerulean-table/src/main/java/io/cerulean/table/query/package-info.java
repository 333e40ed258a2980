/**
 * Queries: the plan a filter becomes (key range, residual filter, query class), pages and their
 * continuation tokens. Pages are in (PartitionKey, RowKey) order and resume exactly where the
 * previous page stopped.
 */
package io.cerulean.table.query;
