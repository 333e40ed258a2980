/**
 * The Table service on the storage seam: {@link io.cerulean.table.layout.TableLayout}, its tables
 * and entities as records of a database (key spaces {@code TABLE_CATALOG} and
 * {@code TABLE_ENTITIES}), the plain values that cross it (tables, key ranges, conditional
 * mutations, cursors), and the encodings every store shares: CESU-8 keys
 * ({@link io.cerulean.table.layout.Cesu8}, {@link io.cerulean.table.layout.EntityKeys}), the entity
 * payload ({@link io.cerulean.table.layout.EntityCodec}) and the catalogue
 * ({@link io.cerulean.table.layout.TableCatalog}). The key format version is recorded in the
 * server state when a store is first used and checked every time the layout is opened.
 */
package io.cerulean.table.layout;
