package io.cerulean.http.throttle;

/**
 * A target: {@code perSecond} units a second sustained, and a burst of {@code capacity} units at
 * once after an idle spell.
 */
record Rate(double perSecond, double capacity) {
    Rate {
        if (!(perSecond > 0) || !(capacity >= 1)) {
            throw new IllegalArgumentException("a rate is positive and its burst at least 1: " + perSecond + ", "
                    + capacity);
        }
    }

    /** {@code perSecond}, with a burst of {@code burstSeconds} of it (at least one unit). */
    static Rate of(long perSecond, double burstSeconds) {
        return new Rate(perSecond, Math.max(1, perSecond * burstSeconds));
    }

    double perNanosecond() {
        return perSecond / 1e9;
    }
}
