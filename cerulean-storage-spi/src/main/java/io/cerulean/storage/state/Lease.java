package io.cerulean.storage.state;

/**
 * A high-water mark kept between runs that only rises: what a clock leases ahead of the values it
 * issues, so that a restarted process starts above everything it (or another sharing the store)
 * issued before.
 */
public interface Lease {
    /** The mark, or {@link Long#MIN_VALUE} when none was ever stored. */
    long load();

    /**
     * Durably raises the mark to at least {@code mark} before it returns; never lowers it, so a
     * process whose clock is behind cannot pull back what another raised.
     */
    void raise(long mark);

    /** A lease that keeps nothing: for throwaway stores. */
    static Lease none() {
        return new Lease() {
            @Override
            public long load() {
                return Long.MIN_VALUE;
            }

            @Override
            public void raise(long mark) {
            }
        };
    }
}
