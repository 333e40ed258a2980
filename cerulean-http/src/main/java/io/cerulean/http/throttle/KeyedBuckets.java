package io.cerulean.http.throttle;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * A token bucket per key (a table partition, a queue, a blob, an account), all at one {@link Rate}, in
 * bounded memory. A key is a 64-bit hash of the names it stands for ({@link Keys}), so a bucket costs
 * the same whatever the length of its PartitionKey or blob name, and two keys sharing a bucket is a
 * chance of one in 2^64.
 *
 * <p>A key without a bucket has a full one: so a bucket that is full again is forgotten. Each use
 * looks at the two least recently used buckets of its stripe, and of one other stripe in turn, and
 * forgets those that have refilled, so idle buckets go faster than new ones come, wherever they
 * are; and past {@code maxKeys} the least recently used is
 * forgotten whatever it holds (a client spreading its load over more keys a second than that is not
 * the one the per-key targets are for; the account's targets still hold it). Thread-safe: the keys
 * are split over stripes, each guarded by its own lock.
 */
final class KeyedBuckets {
    private static final int STRIPES = 16;
    /** Idle buckets looked at per use: more than one, so that they go faster than new ones come. */
    private static final int SWEPT_PER_USE = 2;

    private final Rate rate;
    private final LongSupplier nanoClock;
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final AtomicInteger nextSwept = new AtomicInteger();

    KeyedBuckets(Rate rate, int maxKeys, LongSupplier nanoClock) {
        this.rate = rate;
        this.nanoClock = nanoClock;
        int perStripe = Math.max(1, maxKeys / STRIPES);
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe(perStripe);
        }
    }

    Rate rate() {
        return rate;
    }

    /** Takes {@code cost} from the key's bucket if it holds it (see {@link TokenBucket#tryTake}). */
    boolean tryTake(long key, double cost) {
        Stripe stripe = stripe(key);
        boolean taken;
        synchronized (stripe) {
            taken = stripe.bucket(key).tryTake(rate, cost);
        }
        sweepAnother();
        return taken;
    }

    /** Takes {@code cost} from the key's bucket whatever it holds. */
    void charge(long key, double cost) {
        Stripe stripe = stripe(key);
        synchronized (stripe) {
            stripe.bucket(key).charge(cost);
        }
        sweepAnother();
    }

    /** Gives back what {@link #tryTake} took. */
    void giveBack(long key, double cost) {
        Stripe stripe = stripe(key);
        synchronized (stripe) {
            stripe.bucket(key).giveBack(rate, cost);
        }
    }

    /** The buckets held: those not known to be full. */
    int size() {
        int size = 0;
        for (Stripe stripe : stripes) {
            synchronized (stripe) {
                size += stripe.size();
            }
        }
        return size;
    }

    /** Forgets idle buckets of the stripes in turn, so that a stripe no key uses any more empties too. */
    private void sweepAnother() {
        Stripe stripe = stripes[nextSwept.getAndIncrement() & (STRIPES - 1)];
        synchronized (stripe) {
            stripe.forgetIdle(nanoClock.getAsLong());
        }
    }

    private Stripe stripe(long key) {
        return stripes[(int) (key ^ (key >>> 32)) & (STRIPES - 1)];
    }

    /** One stripe's buckets, least recently used first. */
    private final class Stripe extends LinkedHashMap<Long, TokenBucket> {
        private static final long serialVersionUID = 1L;
        private final int maxKeys;

        Stripe(int maxKeys) {
            super(16, 0.75f, true);
            this.maxKeys = maxKeys;
        }

        /** The key's bucket, refilled to now; the stripe's idlest buckets forgotten if they are full. */
        TokenBucket bucket(long key) {
            long now = nanoClock.getAsLong();
            forgetIdle(now);
            TokenBucket bucket = get(key);
            if (bucket == null) {
                bucket = new TokenBucket(rate, now);
                put(key, bucket);
            } else {
                bucket.refill(rate, now);
            }
            return bucket;
        }

        void forgetIdle(long now) {
            Iterator<TokenBucket> idlest = values().iterator();
            for (int i = 0; i < SWEPT_PER_USE && idlest.hasNext(); i++) {
                TokenBucket bucket = idlest.next();
                bucket.refill(rate, now);
                if (!bucket.isFull(rate)) {
                    return; // those after it were used later still
                }
                idlest.remove();
            }
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, TokenBucket> eldest) {
            return size() > maxKeys;
        }
    }
}
