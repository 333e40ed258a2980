package io.cerulean.http.throttle;

/**
 * Tokens that refill at a rate up to a capacity: the rate is the target, the capacity the burst a
 * target allows. A cost is taken only if the bucket holds it, or holds its whole capacity for a cost
 * larger than that (a batch of 100 entities against a lowered target of 50 a second is served once
 * the bucket is full, and leaves it in debt); a charge found after the fact (the entities a query
 * read) is taken whatever the bucket holds, and may leave it in debt too, repaid by the refill before
 * anything else is served. Not thread-safe: its owner guards it.
 */
final class TokenBucket {
    private double tokens;
    private long refilledAt;

    /** A bucket that is full at {@code nanos}: as one that has long been idle. */
    TokenBucket(Rate rate, long nanos) {
        this.tokens = rate.capacity();
        this.refilledAt = nanos;
    }

    /** Adds what the rate gave since the last refill, up to the capacity. */
    void refill(Rate rate, long nanos) {
        long elapsed = nanos - refilledAt;
        if (elapsed > 0) {
            tokens = Math.min(rate.capacity(), tokens + elapsed * rate.perNanosecond());
            refilledAt = nanos;
        }
    }

    /** Takes {@code cost} if the bucket holds it (or its whole capacity, for a larger cost). */
    boolean tryTake(Rate rate, double cost) {
        if (tokens < Math.min(cost, rate.capacity())) {
            return false;
        }
        tokens -= cost;
        return true;
    }

    /** Takes {@code cost} whatever the bucket holds. */
    void charge(double cost) {
        tokens -= cost;
    }

    /** Gives back what {@link #tryTake} took for a request refused by another bucket. */
    void giveBack(Rate rate, double cost) {
        tokens = Math.min(rate.capacity(), tokens + cost);
    }

    /** Whether it is full: then it is the same as a new bucket, and may be forgotten. */
    boolean isFull(Rate rate) {
        return tokens >= rate.capacity();
    }

    double tokens() {
        return tokens;
    }
}
