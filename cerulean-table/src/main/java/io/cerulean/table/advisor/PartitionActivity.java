package io.cerulean.table.advisor;

/**
 * A tracked partition's decayed figures (in its stripe's {@link ForwardDecay} frame): entities
 * written and read, inserts, inserts with a RowKey above or below all seen in it since it was
 * tracked, and transactions; and the ends of its RowKeys (prefixes). Guarded by its stripe.
 */
final class PartitionActivity implements SpaceSaving.Slot {
    double written;
    double read;
    double inserts;
    double topInserts;
    double bottomInserts;
    double transactions;
    String highestRow;
    String lowestRow;

    @Override
    public void reset() {
        written = read = inserts = topInserts = bottomInserts = transactions = 0;
        highestRow = lowestRow = null;
    }

    @Override
    public void scale(double factor) {
        written *= factor;
        read *= factor;
        inserts *= factor;
        topInserts *= factor;
        bottomInserts *= factor;
        transactions *= factor;
    }

    /** Counts an insert of {@code rowKey} (weighted), at an end of the partition's RowKeys or not. */
    void inserted(String rowKey, double weight) {
        inserts += weight;
        if (highestRow == null) {
            highestRow = lowestRow = Keys.end(rowKey);
            return;
        }
        if (Keys.compareToEnd(rowKey, highestRow) > 0) {
            topInserts += weight;
            highestRow = Keys.end(rowKey);
        } else if (Keys.compareToEnd(rowKey, lowestRow) < 0) {
            bottomInserts += weight;
            lowestRow = Keys.end(rowKey);
        }
    }
}
