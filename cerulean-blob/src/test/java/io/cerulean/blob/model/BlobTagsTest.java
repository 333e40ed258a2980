package io.cerulean.blob.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.blob.error.BlobError;
import io.cerulean.common.error.ServiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlobTagsTest {
    private static void refused(List<Map.Entry<String, String>> tags, BlobError error) {
        assertThatThrownBy(() -> BlobTags.check(tags)).isInstanceOf(ServiceException.class)
                .extracting(e -> ((ServiceException) e).errorCode()).isEqualTo(error);
    }

    @Test
    void takesTenTagsOfTheAllowedCharactersSortedByKey() {
        List<Map.Entry<String, String>> tags = new ArrayList<>();
        for (int i = 9; i >= 0; i--) {
            tags.add(Map.entry("key" + i, "azAZ09 +-./:=_"));
        }
        assertThat(BlobTags.check(tags).keySet()).containsExactly("key0", "key1", "key2", "key3", "key4", "key5",
                "key6", "key7", "key8", "key9");
        assertThat(BlobTags.check(List.of(Map.entry("k".repeat(128), "v".repeat(256)), Map.entry("K", ""))))
                .hasSize(2);
    }

    @Test
    void refusesWhatTheServiceRefuses() {
        List<Map.Entry<String, String>> eleven = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            eleven.add(Map.entry("k" + i, "v"));
        }
        refused(eleven, BlobError.TAGS_TOO_LARGE);
        refused(List.of(Map.entry("k".repeat(129), "v")), BlobError.TAGS_TOO_LARGE);
        refused(List.of(Map.entry("k", "v".repeat(257))), BlobError.TAGS_TOO_LARGE);
        refused(List.of(Map.entry("", "v")), BlobError.EMPTY_TAG_NAME);
        refused(List.of(Map.entry("a#b", "v")), BlobError.INVALID_TAG);
        refused(List.of(Map.entry("k", "50%")), BlobError.INVALID_TAG);
        refused(List.of(Map.entry("k", "é")), BlobError.INVALID_TAG);
        refused(List.of(Map.entry("k", "1"), Map.entry("k", "2")), BlobError.DUPLICATE_TAG_NAMES);
    }
}
