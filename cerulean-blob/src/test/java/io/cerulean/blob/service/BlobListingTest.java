package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BlobListingTest {
    private static final Include ALL = new Include(true, true);

    private final BlobPieces pieces = new BlobPieces();

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobList list(String prefix, String delimiter, Optional<ListPosition> from, int max, Include include) {
        return pieces.listing.list(ACCOUNT, CONTAINER, prefix, delimiter, from, max, include);
    }

    /** Each entry as a test reads it: a prefix as itself, a blob as its name and snapshot or "staged". */
    private static List<String> shown(BlobList page) {
        List<String> shown = new ArrayList<>();
        for (ListedBlob item : page.items()) {
            if (item instanceof ListedPrefix prefix) {
                shown.add(prefix.name());
            } else {
                ListedItem blob = (ListedItem) item;
                shown.add(blob.committed().map(b -> b.isSnapshot() ? blob.name() + "@snapshot" : blob.name())
                        .orElse(blob.name() + "@staged"));
            }
        }
        return shown;
    }

    @Test
    void onlyNamesUnderThePrefixAreListed() {
        for (String name : List.of("a", "ab", "abc", "b")) {
            pieces.put(name, name);
        }
        assertThat(shown(list("ab", null, Optional.empty(), 10, Include.NONE))).containsExactly("ab", "abc");
        assertThat(shown(list("c", null, Optional.empty(), 10, Include.NONE))).isEmpty();
    }

    @Test
    void snapshotsComeBeforeTheirBlobAndABlobWithStagedBlocksIsListedOnce() {
        pieces.put("doc", "v1");
        pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        pieces.stage("doc", "a", "A");
        pieces.stage("draft", "a", "A");
        pieces.stage("draft", "b", "B");

        assertThat(shown(list("", null, Optional.empty(), 10, ALL)))
                .containsExactly("doc@snapshot", "doc", "draft@staged");
        assertThat(shown(list("", null, Optional.empty(), 10, Include.NONE))).containsExactly("doc");
    }

    @Test
    void aCommonPrefixIsListedOnlyWhenSomethingUnderItIs() {
        pieces.stage("drafts/one", "a", "A");
        pieces.put("docs/one", "1");
        pieces.put("docs/two", "2");

        assertThat(shown(list("", "/", Optional.empty(), 10, Include.NONE))).containsExactly("docs/");
        assertThat(shown(list("", "/", Optional.empty(), 10, ALL))).containsExactly("docs/", "drafts/");
    }

    @Test
    void pagesResumeAtTheSnapshotTheLastOneStoppedBefore() {
        pieces.put("doc", "v1");
        pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        pieces.put("next", "n");

        BlobList first = list("", null, Optional.empty(), 1, ALL);
        BlobList second = list("", null, first.next(), 2, ALL);
        BlobList third = list("", null, second.next(), 2, ALL);

        assertThat(first.next().get().snapshot()).isNotEqualTo(BlobProperties.BASE);
        assertThat(shown(first)).containsExactly("doc@snapshot");
        assertThat(shown(second)).containsExactly("doc@snapshot", "doc");
        assertThat(second.next()).contains(new ListPosition("next", BlobProperties.BASE));
        assertThat(shown(third)).containsExactly("next");
        assertThat(third.next()).isEmpty();
    }
}
