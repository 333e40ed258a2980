package io.cerulean.blob.model;

import io.cerulean.blob.error.BlobError;
import io.cerulean.common.error.ServiceException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A blob's index tags as the service accepts them (Set Blob Tags, {@code x-ms-tags}): at most
 * {@value #MAX_TAGS} tags, each key 1 to {@value #MAX_KEY_LENGTH} characters and each value 0 to
 * {@value #MAX_VALUE_LENGTH}, of letters, digits, space and {@code + - . / : = _}; keys are
 * case-sensitive and unique. Refusals as the service words them: 400 TagsTooLarge, EmptyTagName,
 * InvalidTag, DuplicateTagNames.
 */
public final class BlobTags {
    public static final int MAX_TAGS = 10;
    public static final int MAX_KEY_LENGTH = 128;
    public static final int MAX_VALUE_LENGTH = 256;

    private BlobTags() {
    }

    /** The tags given, in the order given, as a map sorted by key; refused as the class says. */
    public static Map<String, String> check(List<Map.Entry<String, String>> tags) {
        if (tags.size() > MAX_TAGS) {
            throw new ServiceException(BlobError.TAGS_TOO_LARGE, BlobError.TAGS_TOO_LARGE.message()
                    + " A blob has at most " + MAX_TAGS + " tags; " + tags.size() + " were given.");
        }
        Map<String, String> checked = new TreeMap<>();
        for (Map.Entry<String, String> tag : tags) {
            String key = tag.getKey();
            String value = tag.getValue();
            if (key.isEmpty()) {
                throw new ServiceException(BlobError.EMPTY_TAG_NAME);
            }
            if (key.length() > MAX_KEY_LENGTH || value.length() > MAX_VALUE_LENGTH) {
                throw new ServiceException(BlobError.TAGS_TOO_LARGE, BlobError.TAGS_TOO_LARGE.message()
                        + " A tag's key is at most " + MAX_KEY_LENGTH + " characters and its value at most "
                        + MAX_VALUE_LENGTH + ".");
            }
            if (!allowed(key) || !allowed(value)) {
                throw new ServiceException(BlobError.INVALID_TAG);
            }
            if (checked.put(key, value) != null) {
                throw new ServiceException(BlobError.DUPLICATE_TAG_NAMES);
            }
        }
        return Collections.unmodifiableMap(checked);
    }

    /** Whether every character of {@code text} may be in a tag's key or value. */
    public static boolean allowed(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!allowed(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean allowed(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ' ' || c == '+'
                || c == '-' || c == '.' || c == '/' || c == ':' || c == '=' || c == '_';
    }
}
