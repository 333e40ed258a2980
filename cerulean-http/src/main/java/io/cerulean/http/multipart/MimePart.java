package io.cerulean.http.multipart;

import java.util.Locale;

/**
 * One part of a multipart body: its MIME headers and its content, {@code data[start, end)}, which
 * ends before the next delimiter's line break. The content is a view of the body, not a copy: a
 * change set's hundred operations are read where they lie.
 */
public record MimePart(PartHeaders headers, byte[] data, int start, int end) {

    /** The media type of the part's Content-Type, lower-case and without parameters; "" when absent. */
    public String mediaType() {
        String contentType = headers.first("Content-Type");
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    public boolean isMultipart() {
        return mediaType().startsWith("multipart/");
    }
}
