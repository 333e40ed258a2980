package io.cerulean.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class CassandraLayoutTest {

    /** The bucket is part of format 1: a change would hide every listed partition from scans. */
    @Test
    void aPartitionsBucketNeverChanges() {
        assertThat(bucketsOf("", "a", "b", "Sales", "empid_000123", "\u00ff")).isEqualTo(PINNED);
    }

    private static final int[] PINNED = {5, 9, 12, 9, 13, 7};

    @Property
    void bucketsAreWithinRange(@ForAll byte[] partition) {
        assertThat(CassandraLayout.bucket(partition)).isBetween(0, CassandraLayout.BUCKETS - 1);
    }

    @Test
    void partitionsSpreadOverEveryBucket() {
        int[] counts = new int[CassandraLayout.BUCKETS];
        for (int i = 0; i < 16_000; i++) {
            counts[CassandraLayout.bucket(("pk" + i).getBytes(StandardCharsets.UTF_8))]++;
        }
        assertThat(Arrays.stream(counts).min().orElseThrow()).isGreaterThan(800);
        assertThat(Arrays.stream(counts).max().orElseThrow()).isLessThan(1200);
    }

    private static int[] bucketsOf(String... partitions) {
        return Arrays.stream(partitions).mapToInt(p -> CassandraLayout.bucket(p.getBytes(StandardCharsets.ISO_8859_1)))
                .toArray();
    }
}
