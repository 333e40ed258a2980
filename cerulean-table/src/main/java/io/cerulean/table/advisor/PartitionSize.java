package io.cerulean.table.advisor;

/**
 * A tracked partition's entities, as observed since it was tracked: created less deleted (its
 * counter in the summary counts bytes). Not decayed. Guarded by its stripe.
 */
final class PartitionSize implements SpaceSaving.Slot {
    long entities;

    @Override
    public void reset() {
        entities = 0;
    }

    @Override
    public void scale(double factor) {
        // Sizes are not decayed.
    }
}
