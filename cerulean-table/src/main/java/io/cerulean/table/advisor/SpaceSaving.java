package io.cerulean.table.advisor;

import java.util.function.Supplier;

/**
 * The Space-Saving heavy-hitter summary (Metwally, Agrawal and El Abbadi, 2005) over at most
 * {@code capacity} keys: a key not tracked takes over the counter of the least counted one, whose
 * count it inherits as its possible overestimate ({@link #error}). Any key counted more than
 * total / capacity is tracked, and {@code count - error} is a lower bound of its true count, which
 * is what the advisor judges on. Each counter carries a slot of the caller's per-key figures,
 * allocated once and {@linkplain Slot#reset reset} when the counter changes hands, so counting
 * allocates nothing but a new key's label. Keys are compared by their 64-bit hash; with the small
 * capacities used, a linear scan beats a hash map and allocates nothing. Not thread-safe.
 */
final class SpaceSaving<S extends SpaceSaving.Slot> {
    /** What a counter carries besides its count. */
    interface Slot {
        /** Forgets the figures of the key that held the counter before. */
        void reset();

        /** Multiplies every decayed figure by {@code factor} (see {@link ForwardDecay#rebase}). */
        void scale(double factor);
    }

    private final long[] ids;
    private final String[] labels;
    private final double[] counts;
    private final double[] errors;
    private final S[] slots;
    private int size;

    @SuppressWarnings("unchecked")
    SpaceSaving(int capacity, Supplier<S> slotFactory) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
        }
        ids = new long[capacity];
        labels = new String[capacity];
        counts = new double[capacity];
        errors = new double[capacity];
        slots = (S[]) new Slot[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = slotFactory.get();
        }
    }

    /** Adds {@code weight} to {@code key} (whose hash is {@code id}); the index of its counter. */
    int offer(long id, String key, double weight) {
        int index = indexOf(id);
        if (index >= 0) {
            counts[index] += weight;
            return index;
        }
        if (size < ids.length) {
            index = size++;
            errors[index] = 0;
            counts[index] = weight;
        } else {
            index = 0;
            for (int i = 1; i < size; i++) {
                if (counts[i] < counts[index]) {
                    index = i;
                }
            }
            errors[index] = counts[index];
            counts[index] += weight;
        }
        ids[index] = id;
        labels[index] = Keys.label(key);
        slots[index].reset();
        return index;
    }

    /** The counter of the key whose hash is {@code id}, or -1 when it is not tracked. */
    int indexOf(long id) {
        for (int i = 0; i < size; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        return -1;
    }

    /** Takes {@code weight} off a counter (never below zero), for what is removed again: deleted entities. */
    void subtract(int index, double weight) {
        counts[index] = Math.max(0, counts[index] - weight);
        errors[index] = Math.min(errors[index], counts[index]);
    }

    /** Multiplies every count, error and slot by {@code factor}. */
    void scale(double factor) {
        for (int i = 0; i < size; i++) {
            counts[i] *= factor;
            errors[i] *= factor;
            slots[i].scale(factor);
        }
    }

    /** Forgets every key. */
    void clear() {
        size = 0;
        for (int i = 0; i < labels.length; i++) {
            labels[i] = null;
        }
    }

    int size() {
        return size;
    }

    int capacity() {
        return ids.length;
    }

    double count(int index) {
        return counts[index];
    }

    double error(int index) {
        return errors[index];
    }

    /** The count the key surely has: its count less what it may have inherited. */
    double guaranteed(int index) {
        return counts[index] - errors[index];
    }

    String label(int index) {
        return labels[index];
    }

    S slot(int index) {
        return slots[index];
    }
}
