package io.cerulean.server.batch;

import java.util.Locale;

/** One part of a multipart body: its MIME headers and its content, which ends before the next delimiter's line break. */
record MimePart(PartHeaders headers, byte[] content) {

    /** The media type of the part's Content-Type, lower-case and without parameters; "" when absent. */
    String mediaType() {
        String contentType = headers.first("Content-Type");
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    boolean isMultipart() {
        return mediaType().startsWith("multipart/");
    }
}
