package io.cerulean.blob.model;

/**
 * Who may read a container without credentials ({@code x-ms-blob-public-access}): no one, anyone
 * who names a blob, or anyone, listing included.
 */
public enum PublicAccess {
    NONE(null), BLOB("blob"), CONTAINER("container");

    private final String wireName;

    PublicAccess(String wireName) {
        this.wireName = wireName;
    }

    /** The header's value; null for a private container, which sends no header. */
    public String wireName() {
        return wireName;
    }
}
