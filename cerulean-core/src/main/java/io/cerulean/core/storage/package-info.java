/**
 * The Table service on the storage seam: how tables, ACLs and entities become records of
 * {@code io.cerulean.storage.KeyValueStore} (key spaces {@code TABLE_CATALOG}, {@code TABLE_ENTITIES},
 * {@code SERVICE_PROPERTIES}, {@code SERVER_STATE}), and the encodings every store shares: CESU-8
 * keys ({@link io.cerulean.core.storage.Cesu8}, {@link io.cerulean.core.storage.EntityKeys}), the
 * entity payload ({@link io.cerulean.core.storage.EntityCodec}) and the catalogue
 * ({@link io.cerulean.core.storage.TableCatalog}). The key format version is written when a store
 * is first used and checked every time it is opened ({@link io.cerulean.core.storage.ServerState}).
 */
package io.cerulean.core.storage;
