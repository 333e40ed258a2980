package io.cerulean.server.http;

/** The content types the Table service speaks. */
public final class MediaTypes {
    public static final String XML = "application/xml";

    private MediaTypes() {
    }

    /** The JSON content type for a metadata level, as the service writes it. */
    public static String json(MetadataLevel level) {
        return "application/json;odata=" + level.wireName() + ";streaming=true;charset=utf-8";
    }
}
