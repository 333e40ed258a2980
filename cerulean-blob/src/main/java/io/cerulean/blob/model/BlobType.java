package io.cerulean.blob.model;

/** The three kinds of blob, named as {@code x-ms-blob-type} names them. */
public enum BlobType {
    BLOCK_BLOB("BlockBlob"), APPEND_BLOB("AppendBlob"), PAGE_BLOB("PageBlob");

    private final String wireName;

    BlobType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The type {@code x-ms-blob-type} names (case as sent by the SDKs), or null for another value. */
    public static BlobType fromWire(String value) {
        for (BlobType type : values()) {
            if (type.wireName.equalsIgnoreCase(value)) {
                return type;
            }
        }
        return null;
    }
}
