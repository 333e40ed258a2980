package io.cerulean.storage;

import java.util.Objects;

/**
 * A kind of data a service keeps, with the fixed id and the name stores lay it out by. Declared
 * once, in {@link KeySpaces}; a store may give each its own column family, table or file, and
 * must never reuse an id or a name for other data.
 *
 * @param id        fixed for the life of every store, 1 to 255
 * @param name      fixed too: lower-case letters, digits and '-', usable as a RocksDB column
 *                  family or a Cassandra table name once '-' is mapped
 * @param instanced whether the space has many instances ({@link Space#instance}), such as one
 *                  per table, each dropped on its own; a space that is not has only instance 0
 */
public record KeySpace(int id, String name, boolean instanced) {
    public KeySpace {
        Objects.requireNonNull(name, "name");
        if (id < 1 || id > 255) {
            throw new IllegalArgumentException("a key space id is 1 to 255: " + id);
        }
        if (!name.matches("[a-z][a-z0-9-]{0,47}")) {
            throw new IllegalArgumentException("a key space name is lower-case letters, digits and '-': " + name);
        }
    }

    /** The one instance of a space that is not instanced. */
    public Space single() {
        if (instanced) {
            throw new IllegalStateException(name + " has an instance per owner; name it");
        }
        return new Space(this, 0);
    }

    /** Instance {@code instance} of an instanced space. */
    public Space instance(long instance) {
        if (!instanced) {
            throw new IllegalStateException(name + " has a single instance");
        }
        return new Space(this, instance);
    }
}
