package io.cerulean.table.advisor;

import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.query.QueryPlan;
import io.cerulean.table.query.QueryPlan.QueryClass;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the advisor keeps of one table: its figures in {@link AdvisorSettings#STRIPES} stripes (a
 * partition or a filter text falls in the stripe its hash picks), and the highest and lowest
 * PartitionKey seen (prefixes, moved by compare-and-set, so writers share no lock). Thread-safe.
 */
final class TableWatch {
    private static final String NO_FILTER = "(no $filter)";

    final String account;
    final String name;
    private final PartitionStripe[] stripes = new PartitionStripe[AdvisorSettings.STRIPES];
    private final AtomicReference<String> highest = new AtomicReference<>();
    private final AtomicReference<String> lowest = new AtomicReference<>();
    private final AdvisorSettings settings;
    volatile long lastActive;
    /** When the table is next judged for the log; judged at most once a second. */
    final AtomicLong nextJudge;
    /** When a log line last named this table. */
    volatile long lastLogged;
    volatile boolean logged;

    TableWatch(String account, String name, AdvisorSettings settings, long now) {
        this.account = account;
        this.name = name;
        this.settings = settings;
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new PartitionStripe(settings.window(), now);
        }
        this.lastActive = now;
        this.nextJudge = new AtomicLong(now);
    }

    void written(long now, String partitionKey, List<Operation> operations, List<OperationResult> results,
                 boolean transaction) {
        boolean created = false;
        for (OperationResult result : results) {
            created |= result.created();
        }
        int end = created ? arrive(partitionKey) : 0;
        long hash = Keys.hash(partitionKey);
        stripe(hash).written(now, partitionKey, hash, operations, results, transaction, end);
    }

    void read(long now, String partitionKey, long entities) {
        long hash = Keys.hash(partitionKey);
        stripe(hash).read(now, partitionKey, hash, entities);
    }

    void queried(long now, String filter, QueryPlan plan, long read, int returned) {
        String partition = singlePartition(plan);
        if (partition != null && read > 0) {
            read(now, partition, read);
        }
        PartitionStripe.QueryConcern concern = concern(plan, read, returned);
        if (concern != PartitionStripe.QueryConcern.NONE) {
            String text = filter == null ? NO_FILTER : filter;
            long hash = Keys.hash(text);
            stripe(hash).queried(now, text, hash, concern, read, returned);
        }
    }

    /** Whether a page is a concern: a table scan, a partition scan whose filter threw entities away, or a page that read far more than it returned. */
    private PartitionStripe.QueryConcern concern(QueryPlan plan, long read, int returned) {
        if (plan.queryClass() == QueryClass.TABLE_SCAN) {
            return PartitionStripe.QueryConcern.TABLE_SCAN;
        }
        if (plan.queryClass() == QueryClass.PARTITION_SCAN) {
            return plan.residual().isPresent() && read > returned ? PartitionStripe.QueryConcern.PARTITION_SCAN
                    : PartitionStripe.QueryConcern.NONE;
        }
        boolean amplified = read - returned >= AdvisorSettings.MIN_WASTED_READS
                && read >= settings.readAmplification() * Math.max(returned, 1);
        return amplified ? PartitionStripe.QueryConcern.AMPLIFIED : PartitionStripe.QueryConcern.NONE;
    }

    /** The partition every range of the plan lies in, or null when they span several (or the table). */
    private static String singlePartition(QueryPlan plan) {
        String partition = null;
        for (KeyRange range : plan.ranges()) {
            if (range.lower() == null || range.upper() == null
                    || !range.lower().partitionKey().equals(range.upper().partitionKey())
                    || (partition != null && !partition.equals(range.lower().partitionKey()))) {
                return null;
            }
            partition = range.lower().partitionKey();
        }
        return partition;
    }

    /** +1 when a new entity's PartitionKey is above all seen, -1 below all, 0 otherwise (the first one is neither). */
    private int arrive(String partitionKey) {
        String high = highest.get();
        if (high == null) {
            String end = Keys.end(partitionKey);
            if (highest.compareAndSet(null, end)) {
                lowest.compareAndSet(null, end);
                return 0;
            }
            high = highest.get();
        }
        while (Keys.compareToEnd(partitionKey, high) > 0) {
            if (highest.compareAndSet(high, Keys.end(partitionKey))) {
                return 1;
            }
            high = highest.get();
        }
        String low = lowest.get();
        while (low != null && Keys.compareToEnd(partitionKey, low) < 0) {
            if (lowest.compareAndSet(low, Keys.end(partitionKey))) {
                return -1;
            }
            low = lowest.get();
        }
        return 0;
    }

    /** Partitions and filter texts held now, over every stripe. */
    int trackedKeys() {
        int keys = 0;
        for (PartitionStripe stripe : stripes) {
            keys += stripe.trackedKeys();
        }
        return keys;
    }

    private PartitionStripe stripe(long hash) {
        return stripes[(int) (hash ^ (hash >>> 32)) & (stripes.length - 1)];
    }

    /** The partitions tracked now, by rate or by size (a partition tracked by both is one), in key order. */
    List<PartitionHeat> heat(long now) {
        java.util.Map<String, PartitionHeat> byKey = new java.util.TreeMap<>();
        for (PartitionStripe stripe : stripes) {
            StripeView view = stripe.view(now);
            for (StripeView.Partition p : view.partitions()) {
                byKey.put(p.partitionKey(), new PartitionHeat(name, p.partitionKey(), p.entities(), 0, 0));
            }
            for (StripeView.Size size : view.sizes()) {
                PartitionHeat rated = byKey.get(size.partitionKey());
                byKey.put(size.partitionKey(), new PartitionHeat(name, size.partitionKey(),
                        rated == null ? 0 : rated.entitiesPerSecond(), size.bytes(), size.entities()));
            }
        }
        return new ArrayList<>(byKey.values());
    }

    /** What is wrong with this table's design at {@code now}, as {@link Judge} sees it. */
    List<Finding> judge(long now) {
        List<StripeView> views = new ArrayList<>(stripes.length);
        for (PartitionStripe stripe : stripes) {
            views.add(stripe.view(now));
        }
        return new Judge(settings, account, name).findings(views, highest.get(), lowest.get());
    }
}
