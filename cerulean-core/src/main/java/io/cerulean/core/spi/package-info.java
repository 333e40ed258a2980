/**
 * The Table service's storage interface ({@link io.cerulean.core.spi.TableStore}) and the plain
 * values that cross it: tables, entity key ranges, conditional mutations, cursors. It is no longer
 * what a store implements: stores implement the one seam of every service,
 * {@code io.cerulean.storage.KeyValueStore}, and {@code io.cerulean.core.storage} lays tables and
 * entities out on it. Nothing here knows HTTP, JSON or filters.
 */
package io.cerulean.core.spi;
