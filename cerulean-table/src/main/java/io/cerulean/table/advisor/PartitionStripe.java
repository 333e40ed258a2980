package io.cerulean.table.advisor;

import io.cerulean.table.model.EntityValidator;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import io.cerulean.table.txn.OperationResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One stripe of a table's figures: the partitions and filter texts whose hash falls in it, each
 * kept in a {@link SpaceSaving} summary, and the stripe's share of the table's inserts and
 * transactions. A key always falls in the same stripe, so the stripes' summaries never overlap.
 * Every method holds the stripe's lock for a few counter updates; nothing here allocates per
 * entity.
 */
final class PartitionStripe {
    private final ForwardDecay decay;
    private final SpaceSaving<PartitionActivity> activity =
            new SpaceSaving<>(AdvisorSettings.PARTITIONS_PER_STRIPE, PartitionActivity::new);
    private final SpaceSaving<PartitionSize> sizes =
            new SpaceSaving<>(AdvisorSettings.PARTITIONS_PER_STRIPE, PartitionSize::new);
    private final SpaceSaving<FilterActivity> filters =
            new SpaceSaving<>(AdvisorSettings.FILTERS_PER_STRIPE, FilterActivity::new);
    private double inserts;
    private double topInserts;
    private double bottomInserts;
    private double transactions;

    PartitionStripe(Duration window, long now) {
        this.decay = new ForwardDecay(window, now);
    }

    /**
     * Counts what a committed transaction did in partition {@code partitionKey}.
     *
     * @param end +1 when it created the table's highest PartitionKey so far, -1 its lowest, else 0
     */
    synchronized void written(long now, String partitionKey, long hash, List<Operation> operations,
                              List<OperationResult> results, boolean transaction, int end) {
        double weight = weight(now);
        int index = activity.offer(hash, partitionKey, weight * operations.size());
        PartitionActivity partition = activity.slot(index);
        partition.written += weight * operations.size();
        if (transaction) {
            partition.transactions += weight;
            transactions += weight;
        }
        for (int i = 0; i < operations.size(); i++) {
            Operation operation = operations.get(i);
            OperationResult result = results.get(i);
            if (result.created()) {
                partition.inserted(operation.rowKey(), weight);
                inserts += weight;
                int sizeIndex = sizes.offer(hash, partitionKey, EntityValidator.estimatedSize(result.stored()));
                sizes.slot(sizeIndex).entities++;
            } else if (operation.kind() == OperationKind.DELETE) {
                int sizeIndex = sizes.indexOf(hash);
                if (sizeIndex >= 0) {
                    PartitionSize size = sizes.slot(sizeIndex);
                    // The deleted entity's size is not known: the partition's mean as observed stands for it.
                    double mean = size.entities > 0 ? sizes.count(sizeIndex) / size.entities : 0;
                    sizes.subtract(sizeIndex, mean);
                    size.entities = Math.max(0, size.entities - 1);
                }
            }
        }
        if (end > 0) {
            topInserts += weight;
        } else if (end < 0) {
            bottomInserts += weight;
        }
    }

    /** Counts {@code entities} read from partition {@code partitionKey}. */
    synchronized void read(long now, String partitionKey, long hash, long entities) {
        double weight = weight(now) * entities;
        activity.slot(activity.offer(hash, partitionKey, weight)).read += weight;
    }

    /** Counts a query page of concern that {@code filter} (hash {@code hash}) caused. */
    synchronized void queried(long now, String filter, long hash, QueryConcern concern, long read, long returned) {
        double weight = weight(now);
        FilterActivity activity = filters.slot(filters.offer(hash, filter, weight));
        switch (concern) {
            case TABLE_SCAN -> activity.tableScans += weight;
            case PARTITION_SCAN -> activity.partitionScans += weight;
            case AMPLIFIED -> activity.amplified += weight;
            case NONE -> {
            }
        }
        activity.read += weight * read;
        activity.returned += weight * returned;
    }

    /** The stripe's figures at {@code now}, as rates a second (sizes as counted). */
    synchronized StripeView view(long now) {
        List<StripeView.Partition> partitions = new ArrayList<>(activity.size());
        for (int i = 0; i < activity.size(); i++) {
            PartitionActivity p = activity.slot(i);
            partitions.add(new StripeView.Partition(activity.label(i), rate(p.written, now), rate(p.read, now),
                    rate(p.inserts, now), rate(p.topInserts, now), rate(p.bottomInserts, now),
                    rate(p.transactions, now)));
        }
        List<StripeView.Size> sized = new ArrayList<>(sizes.size());
        for (int i = 0; i < sizes.size(); i++) {
            sized.add(new StripeView.Size(sizes.label(i), (long) sizes.guaranteed(i), sizes.slot(i).entities));
        }
        List<StripeView.FilterText> texts = new ArrayList<>(filters.size());
        for (int i = 0; i < filters.size(); i++) {
            FilterActivity f = filters.slot(i);
            texts.add(new StripeView.FilterText(filters.label(i), 60 * rate(f.tableScans, now),
                    60 * rate(f.partitionScans, now), 60 * rate(f.amplified, now), rate(f.read, now),
                    rate(f.returned, now)));
        }
        return new StripeView(partitions, sized, texts, rate(inserts, now), rate(topInserts, now),
                rate(bottomInserts, now), rate(transactions, now));
    }

    /** Keys held now, partitions and filter texts: never more than the summaries' capacities. */
    synchronized int trackedKeys() {
        return activity.size() + sizes.size() + filters.size();
    }

    private double rate(double stored, long now) {
        return decay.ratePerSecond(stored, now);
    }

    private double weight(long now) {
        if (decay.needsRebase(now)) {
            double factor = decay.rebase(now);
            activity.scale(factor);
            filters.scale(factor);
            inserts *= factor;
            topInserts *= factor;
            bottomInserts *= factor;
            transactions *= factor;
        }
        return decay.weight(now);
    }

    /** Why a query page is counted, if it is. */
    enum QueryConcern {
        NONE, TABLE_SCAN, PARTITION_SCAN, AMPLIFIED
    }
}
