package io.cerulean.blob.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordRange;
import java.time.Instant;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.CharRange;
import org.junit.jupiter.api.Test;

class TagIndexRecordsTest {
    @Test
    void anEntryReadsBackAsWritten() {
        Instant written = Instant.ofEpochMilli(1_700_000_000_123L);
        var value = TagIndexRecords.value(7, true, written, 42, Map.of("k", "v", "a", ""));
        assertThat(TagIndexRecords.read(value)).isEqualTo(new TagIndexRecords.Entry(true, written, 42,
                Map.of("k", "v", "a", "")));
        byte[] row = TagIndexRecords.row("photos", "a/b\u0001c");
        assertThat(TagIndexRecords.blobRef(row, 0, row.length))
                .isEqualTo(new TagIndexRecords.BlobRef("photos", "a/b\u0001c"));
        byte[] partition = TagIndexRecords.partition("acct", "key", "a b");
        assertThat(TagIndexRecords.tag(partition, 0, partition.length))
                .isEqualTo(new TagIndexRecords.Tag("acct", "key", "a b"));
    }

    @Property(tries = 500)
    void aKeysRangeHoldsExactlyTheValuesItsBoundsAllow(
            @ForAll @StringLength(max = 4) @Chars({' ', '+', '-', '.', '/', ':', '=', '_'}) @CharRange(from = 'a', to = 'c')
            String value,
            @ForAll @StringLength(max = 4) @CharRange(from = 'a', to = 'c') String lower,
            @ForAll @StringLength(max = 4) @CharRange(from = 'a', to = 'c') String upper,
            @ForAll boolean lowerInclusive, @ForAll boolean upperInclusive) {
        RecordRange range = TagIndexRecords.values("acct", "key", lower, lowerInclusive, upper, upperInclusive);
        RecordKey entry = new RecordKey(TagIndexRecords.partition("acct", "key", value),
                TagIndexRecords.row("c", "b"));
        boolean expected = (lowerInclusive ? value.compareTo(lower) >= 0 : value.compareTo(lower) > 0)
                && (upperInclusive ? value.compareTo(upper) <= 0 : value.compareTo(upper) < 0);
        assertThat(range.contains(entry)).isEqualTo(expected);
        assertThat(TagIndexRecords.values("acct", "key", null, false, null, false).contains(entry)).isTrue();
        assertThat(TagIndexRecords.values("acct", "ke", null, false, null, false).contains(entry))
                .as("another key's entries, even one it starts").isFalse();
        assertThat(TagIndexRecords.values("acct", "key ", null, false, null, false).contains(entry)).isFalse();
    }
}
