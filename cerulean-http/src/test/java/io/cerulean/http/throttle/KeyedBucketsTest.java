package io.cerulean.http.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class KeyedBucketsTest {
    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(1);

    @Test
    void eachKeyHasABucketOfItsOwn() {
        KeyedBuckets buckets = new KeyedBuckets(Rate.of(10, 1), 1024, now::get);
        for (int i = 0; i < 10; i++) {
            assertThat(buckets.tryTake(Keys.of("a", "hot"), 1)).isTrue();
        }
        assertThat(buckets.tryTake(Keys.of("a", "hot"), 1)).isFalse();
        assertThat(buckets.tryTake(Keys.of("a", "cold"), 1)).isTrue();
    }

    @Test
    void aMillionDistinctKeysHoldNoMoreThanTheCap() {
        KeyedBuckets buckets = new KeyedBuckets(Rate.of(2_000, 1), 4_096, now::get);
        for (int i = 0; i < 1_000_000; i++) {
            buckets.tryTake(Keys.of("devstoreaccount1", "orders", "customer-" + i), 1);
            now.addAndGet(1_000); // a million keys in one second: none has refilled
        }
        assertThat(buckets.size()).isLessThanOrEqualTo(4_096);
    }

    @Test
    void idleBucketsAreForgottenOnceTheyHaveRefilled() {
        KeyedBuckets buckets = new KeyedBuckets(Rate.of(100, 1), 1_000_000, now::get);
        for (int i = 0; i < 10_000; i++) {
            buckets.tryTake(Keys.of("q" + i), 1);
        }
        assertThat(buckets.size()).isEqualTo(10_000);
        now.addAndGet(2 * SECOND); // every one of them full again
        for (int i = 0; i < 10_000; i++) {
            buckets.tryTake(Keys.of("other" + i), 1);
        }
        // each use forgot up to two idle ones: the old keys went as fast as the new ones came
        assertThat(buckets.size()).isLessThanOrEqualTo(10_000 + 16);
        now.addAndGet(2 * SECOND);
        for (int i = 0; i < 20_000; i++) {
            buckets.tryTake(Keys.of("third" + (i % 10)), 0.001);
        }
        assertThat(buckets.size()).isLessThan(100);
    }

    @Test
    void aBucketInDebtIsKeptWhileItIsUsed() {
        KeyedBuckets buckets = new KeyedBuckets(Rate.of(10, 1), 1024, now::get);
        long key = Keys.of("devstoreaccount1", "t", "p");
        buckets.charge(key, 100);
        for (int i = 0; i < 100; i++) {
            buckets.tryTake(Keys.of("k" + i), 1); // the sweep meets it, still in debt, and keeps it
        }
        assertThat(buckets.tryTake(key, 1)).isFalse();
        now.addAndGet(10 * SECOND);
        assertThat(buckets.tryTake(key, 1)).isTrue();
    }

    @Test
    void keysTellTheirPartsApart() {
        assertThat(Keys.of("ab", "c")).isNotEqualTo(Keys.of("a", "bc"));
        assertThat(Keys.of("a", "b")).isEqualTo(Keys.of("a", "b"));
        assertThat(Keys.of("")).isNotEqualTo(Keys.of("", ""));
    }
}
