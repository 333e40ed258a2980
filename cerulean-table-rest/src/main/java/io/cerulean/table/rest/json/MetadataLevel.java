package io.cerulean.table.rest.json;

import io.cerulean.http.message.AzureRequest;
import java.util.Locale;

/**
 * The JSON metadata levels of the OData payload format. Chosen by {@code $format} if present,
 * else by {@code Accept}; plain {@code application/json} and anything unrecognised mean minimal.
 */
public enum MetadataLevel {
    NO_METADATA("nometadata"),
    MINIMAL_METADATA("minimalmetadata"),
    FULL_METADATA("fullmetadata");

    private final String wireName;
    private final String contentType;

    MetadataLevel(String wireName) {
        this.wireName = wireName;
        this.contentType = "application/json;odata=" + wireName + ";streaming=true;charset=utf-8";
    }

    public String wireName() {
        return wireName;
    }

    /** The JSON content type for this metadata level, as the service writes it. */
    public String contentType() {
        return contentType;
    }

    public static MetadataLevel negotiate(AzureRequest request) {
        String format = request.queryParameter("$format");
        String accept = format != null ? format : request.header("Accept");
        if (accept == null) {
            return MINIMAL_METADATA;
        }
        String lower = accept.toLowerCase(Locale.ROOT).replace(" ", "");
        if (lower.contains("odata=nometadata")) {
            return NO_METADATA;
        }
        if (lower.contains("odata=fullmetadata")) {
            return FULL_METADATA;
        }
        return MINIMAL_METADATA;
    }
}
