/**
 * Where the Table service keeps its tables and entities ({@link io.cerulean.table.store.TableStore}),
 * and the plain values that cross that interface: tables, entity key ranges, conditional
 * mutations, cursors. A store does not implement it: stores implement the one seam of every
 * service, {@code io.cerulean.storage.KeyValueStore}, and {@code io.cerulean.table.layout} lays
 * tables and entities out on it. Nothing here knows HTTP, JSON or filters.
 */
package io.cerulean.table.store;
