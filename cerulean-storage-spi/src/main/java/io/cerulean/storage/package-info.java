/**
 * The one storage seam under every service: an ordered key-value store split into partitions.
 *
 * <p>A record is addressed by a {@link io.cerulean.storage.Space} (a key space from the
 * {@link io.cerulean.storage.KeySpaces} registry and an instance of it, such as one table's
 * entities), a partition and a row, all bytes. Records are read in (partition, row) order,
 * comparing unsigned bytes; a commit is atomic within one partition; a whole space is dropped in
 * one operation. Services encode their keys so that this byte order is their order (the Table
 * service's CESU-8 keys sort as UTF-16 code units). Nothing here knows entities, messages or blobs.
 */
package io.cerulean.storage;
