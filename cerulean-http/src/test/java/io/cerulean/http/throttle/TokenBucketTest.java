package io.cerulean.http.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenBucketTest {
    private static final long SECOND = 1_000_000_000L;
    private final Rate rate = Rate.of(50, 1); // 50 a second, a burst of 50

    @Test
    void aNewBucketServesItsBurstAtOnceAndNothingMore() {
        TokenBucket bucket = new TokenBucket(rate, 0);
        for (int i = 0; i < 50; i++) {
            assertThat(bucket.tryTake(rate, 1)).as("take %d", i).isTrue();
        }
        assertThat(bucket.tryTake(rate, 1)).isFalse();
    }

    @Test
    void refillsAtTheRateUpToTheCapacity() {
        TokenBucket bucket = new TokenBucket(rate, 0);
        assertThat(bucket.tryTake(rate, 50)).isTrue();
        bucket.refill(rate, SECOND / 10); // a tenth of a second: 5 tokens
        assertThat(bucket.tryTake(rate, 6)).isFalse();
        assertThat(bucket.tryTake(rate, 5)).isTrue();
        bucket.refill(rate, 60 * SECOND);
        assertThat(bucket.tokens()).isEqualTo(50);
        assertThat(bucket.isFull(rate)).isTrue();
    }

    @Test
    void aCostLargerThanTheBurstIsServedFromAFullBucketAndLeavesItInDebt() {
        TokenBucket bucket = new TokenBucket(rate, 0);
        assertThat(bucket.tryTake(rate, 100)).isTrue(); // a batch of 100 against 50 a second
        assertThat(bucket.tokens()).isEqualTo(-50);
        bucket.refill(rate, SECOND); // the debt repaid, nothing more
        assertThat(bucket.tryTake(rate, 1)).isFalse();
        bucket.refill(rate, SECOND + SECOND / 50);
        assertThat(bucket.tryTake(rate, 1)).isTrue();
    }

    @Test
    void aRefusalTakesNothingAndWhatIsGivenBackIsCapped() {
        TokenBucket bucket = new TokenBucket(rate, 0);
        assertThat(bucket.tryTake(rate, 45)).isTrue();
        assertThat(bucket.tryTake(rate, 10)).isFalse();
        assertThat(bucket.tokens()).isEqualTo(5);
        bucket.giveBack(rate, 100);
        assertThat(bucket.tokens()).isEqualTo(50);
    }

    @Test
    void aChargeAfterTheFactIsTakenWhateverTheBucketHolds() {
        TokenBucket bucket = new TokenBucket(rate, 0);
        bucket.charge(120);
        assertThat(bucket.tokens()).isEqualTo(-70);
        assertThat(bucket.tryTake(rate, 0)).isFalse(); // in debt: not even nothing
    }
}
