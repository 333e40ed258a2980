package io.cerulean.blob.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.model.Segment;
import io.cerulean.blob.service.Pages.DiffRange;
import io.cerulean.storage.content.ContentId;
import java.util.List;
import org.junit.jupiter.api.Test;

class PagesDiffTest {
    private static final ContentId A = new ContentId("0a".repeat(16));
    private static final ContentId B = new ContentId("0b".repeat(16));
    private static final int P = Pages.PAGE;

    @Test
    void pagesNamingTheSameBytesAreUnchangedAndOthersChangedOrCleared() {
        List<Segment> before = List.of(new Segment(null, A, 4 * P), new Segment(null, null, 4 * P));
        // Page 1 rewritten, page 3 cleared, page 5 written.
        List<Segment> after = Pages.replace(Pages.replace(Pages.replace(before, P, new Segment(null, B, P)), 3 * P,
                new Segment(null, null, P)), 5 * P, new Segment(null, B, P));

        assertThat(Pages.diff(after, before, 0, Long.MAX_VALUE)).containsExactly(
                new DiffRange(P, 2 * P - 1, false), new DiffRange(3 * P, 4 * P - 1, true),
                new DiffRange(5 * P, 6 * P - 1, false));
        assertThat(Pages.diff(before, before, 0, Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void theSameContentFromAnotherOffsetIsChanged() {
        List<Segment> before = List.of(new Segment(null, A, 0, 2 * P));
        List<Segment> after = List.of(new Segment(null, A, P, P), new Segment(null, A, P, P));

        assertThat(Pages.diff(after, before, 0, Long.MAX_VALUE)).containsExactly(new DiffRange(0, P - 1, false));
    }

    @Test
    void adjacentRunsOfOneKindMergeAndTheRangeAskedForCutsThem() {
        List<Segment> before = List.of(new Segment(null, A, 4 * P));
        List<Segment> after = List.of(new Segment(null, B, 2 * P), new Segment(null, A, 2 * P, P),
                new Segment(null, null, P));

        assertThat(Pages.diff(after, before, 0, Long.MAX_VALUE)).containsExactly(
                new DiffRange(0, 2 * P - 1, false), new DiffRange(3 * P, 4 * P - 1, true));
        assertThat(Pages.diff(after, before, P, 3 * P + 9)).containsExactly(
                new DiffRange(P, 2 * P - 1, false), new DiffRange(3 * P, 3 * P + 9, true));
    }

    @Test
    void pagesPastThePreviousEndAreComparedWithZeros() {
        List<Segment> before = List.of(new Segment(null, A, P));
        List<Segment> after = List.of(new Segment(null, A, P), new Segment(null, null, P), new Segment(null, B, P));

        assertThat(Pages.diff(after, before, 0, Long.MAX_VALUE)).containsExactly(new DiffRange(2 * P, 3 * P - 1, false));
    }
}
