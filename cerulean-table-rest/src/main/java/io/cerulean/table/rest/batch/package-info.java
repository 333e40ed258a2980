/**
 * Entity group transactions, {@code POST /$batch} (contract section 6): reading the multipart
 * envelope every SDK dialect sends (split by the kernel's {@link io.cerulean.http.multipart}),
 * turning its change set into one {@link io.cerulean.table.txn.EntityGroupTransaction} committed once, and writing the multipart
 * response the SDKs parse.
 *
 * <p>Invariants: sub-requests never re-enter the HTTP layer (no routing, no authentication: only
 * the outer request is authenticated); either every operation of a change set is applied or none
 * is; a failure of operation {@code i} is answered 202 with one part whose message starts with
 * {@code i:}; a body that is not a well-formed batch is a top-level 400 InvalidInput. Parsing is
 * linear in the body size and nests at most two levels (batch, change set).
 */
package io.cerulean.table.rest.batch;
