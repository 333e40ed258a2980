package io.cerulean.http.message;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * User-defined metadata as the Queue and Blob services carry it: one {@code x-ms-meta-<name>: value}
 * header per pair. Names follow the rules of C# identifiers (a letter or '_' first, then letters,
 * digits and '_'), keep the case they were sent in and compare without regard to it; names and
 * values together hold at most 8 KiB.
 */
public final class MetadataHeaders {
    public static final String PREFIX = "x-ms-meta-";
    /** The most bytes of names and values, together, that the services keep. */
    public static final int MAX_BYTES = 8 * 1024;

    private MetadataHeaders() {
    }

    /**
     * The pairs a request sends, in the order sent.
     *
     * @throws ServiceException 400 InvalidMetadata for a name that is not an identifier or is sent
     *         twice; 400 MetadataTooLarge past {@link #MAX_BYTES}
     */
    public static Map<String, String> read(AzureRequest request) {
        Map<String, String> pairs = new LinkedHashMap<>();
        Set<String> folded = new HashSet<>();
        int bytes = 0;
        for (Map.Entry<String, String> header : request.headers()) {
            String key = header.getKey();
            if (key.length() < PREFIX.length() || !key.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
                continue;
            }
            String name = key.substring(PREFIX.length());
            if (!isIdentifier(name)) {
                throw new ServiceException(CommonError.INVALID_METADATA, CommonError.INVALID_METADATA.message()
                        + " The metadata name '" + name + "' is not a C# identifier (a letter or '_', then letters,"
                        + " digits and '_').");
            }
            if (!folded.add(name.toLowerCase(Locale.ROOT))) {
                throw new ServiceException(CommonError.INVALID_METADATA, CommonError.INVALID_METADATA.message()
                        + " The metadata name '" + name + "' is given more than once.");
            }
            String value = header.getValue().trim();
            bytes += name.getBytes(StandardCharsets.UTF_8).length + value.getBytes(StandardCharsets.UTF_8).length;
            pairs.put(name, value);
        }
        if (bytes > MAX_BYTES) {
            throw new ServiceException(CommonError.METADATA_TOO_LARGE, CommonError.METADATA_TOO_LARGE.message()
                    + " Names and values hold " + bytes + " bytes; at most " + MAX_BYTES + " are kept.");
        }
        return pairs;
    }

    /** Adds one header per pair to {@code response}. */
    public static AzureResponse write(AzureResponse response, Map<String, String> pairs) {
        pairs.forEach((name, value) -> response.header(PREFIX + name, value));
        return response;
    }

    private static boolean isIdentifier(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_') {
                return false;
            }
        }
        return true;
    }
}
