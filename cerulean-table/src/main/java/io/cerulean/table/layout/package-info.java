/**
 * The Table service on the storage seam: how tables, ACLs and entities become records of
 * {@code io.cerulean.storage.KeyValueStore} (key spaces {@code TABLE_CATALOG}, {@code TABLE_ENTITIES},
 * {@code SERVICE_PROPERTIES}, {@code SERVER_STATE}), and the encodings every store shares: CESU-8
 * keys ({@link io.cerulean.table.layout.Cesu8}, {@link io.cerulean.table.layout.EntityKeys}), the
 * entity payload ({@link io.cerulean.table.layout.EntityCodec}) and the catalogue
 * ({@link io.cerulean.table.layout.TableCatalog}). The key format version is written when a store
 * is first used and checked every time it is opened ({@link io.cerulean.table.layout.ServerState}).
 */
package io.cerulean.table.layout;
