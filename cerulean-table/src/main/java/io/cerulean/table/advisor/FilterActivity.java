package io.cerulean.table.advisor;

/**
 * A tracked {@code $filter} text's decayed figures: the query pages of concern it caused (table
 * scans, partition scans that filtered entities out, other pages that read far more than they
 * returned) and the entities those read and returned. Guarded by its stripe.
 */
final class FilterActivity implements SpaceSaving.Slot {
    double tableScans;
    double partitionScans;
    double amplified;
    double read;
    double returned;

    @Override
    public void reset() {
        tableScans = partitionScans = amplified = read = returned = 0;
    }

    @Override
    public void scale(double factor) {
        tableScans *= factor;
        partitionScans *= factor;
        amplified *= factor;
        read *= factor;
        returned *= factor;
    }
}
