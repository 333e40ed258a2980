package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobTags;
import io.cerulean.blob.model.TagFilter;
import io.cerulean.blob.model.TagFilterParser;
import io.cerulean.http.message.AzureRequest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The tag headers: {@code x-ms-tags}, the tags a write sets, in query-string form
 * ({@code key=value&key=value}, each part URL-encoded, {@code +} a space), and the tag conditions
 * ({@code x-ms-if-tags}, {@code x-ms-source-if-tags}). A header that is not of its form is 400
 * InvalidHeaderValue, naming it; tags of the form but past the limits are refused as
 * {@link BlobTags} says.
 */
final class TagHeaders {
    static final String TAGS = "x-ms-tags";

    private TagHeaders() {
    }

    /** The tags {@code x-ms-tags} sets, sorted by key; empty when the header is absent or empty. */
    static Map<String, String> tags(AzureRequest request) {
        String header = request.header(TAGS);
        if (header == null || header.isEmpty()) {
            return Map.of();
        }
        List<Map.Entry<String, String>> tags = new ArrayList<>();
        for (String pair : header.split("&", -1)) {
            int equals = pair.indexOf('=');
            if (equals < 0) {
                throw RequestHeaders.invalidHeader(TAGS, header, "each tag is key=value.");
            }
            tags.add(new AbstractMap.SimpleImmutableEntry<>(formDecoded(pair.substring(0, equals), header),
                    formDecoded(pair.substring(equals + 1), header)));
        }
        return BlobTags.check(tags);
    }

    /**
     * The tags of a copy that may take its source's ({@code x-ms-copy-source-tag-option}): null for
     * the source's ({@code COPY}, which takes no {@code x-ms-tags} beside it: 400 InvalidHeaderValue),
     * else {@code x-ms-tags}'s ({@code REPLACE}, the default).
     */
    static Map<String, String> copyTags(AzureRequest request) {
        String option = request.header("x-ms-copy-source-tag-option");
        if (option == null || option.equalsIgnoreCase("REPLACE")) {
            return tags(request);
        }
        if (!option.equalsIgnoreCase("COPY")) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source-tag-option", option, "it is REPLACE or COPY.");
        }
        String header = request.header(TAGS);
        if (header != null && !header.isEmpty()) {
            throw RequestHeaders.invalidHeader(TAGS, header, "tags are copied from the source with"
                    + " x-ms-copy-source-tag-option: COPY.");
        }
        return null;
    }

    /** The filter a tag condition header holds; null when it is not sent. */
    static TagFilter condition(AzureRequest request, String name) {
        String header = request.header(name);
        if (header == null) {
            return null;
        }
        try {
            return TagFilterParser.parse(header, TagFilterParser.Use.CONDITION);
        } catch (TagFilterParser.SyntaxError e) {
            throw RequestHeaders.invalidHeader(name, header, e.getMessage());
        }
    }

    /** A part of a query string: {@code +} is a space and {@code %XX} a byte of UTF-8. */
    private static String formDecoded(String part, String header) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(part.length());
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c == '+') {
                out.write(' ');
            } else if (c == '%') {
                int hi = i + 2 < part.length() ? Character.digit(part.charAt(i + 1), 16) : -1;
                int lo = i + 2 < part.length() ? Character.digit(part.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw RequestHeaders.invalidHeader(TAGS, header, "'" + part + "' is not URL-encoded.");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
