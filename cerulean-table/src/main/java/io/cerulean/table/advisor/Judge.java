package io.cerulean.table.advisor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Turns a table's figures into findings, each with its evidence in one sentence. Rates are
 * averaged over the settings' window; sizes are as observed since the server started.
 */
final class Judge {
    /** Filter texts named in a scan's evidence, most frequent first. */
    private static final int FILTERS_NAMED = 3;

    private final AdvisorSettings settings;
    private final String account;
    private final String table;
    private final String window;

    Judge(AdvisorSettings settings, String account, String table) {
        this.settings = settings;
        this.account = account;
        this.table = table;
        this.window = "averaged over the last " + settings.window().toSeconds() + " s";
    }

    List<Finding> findings(List<StripeView> views, String highestPartition, String lowestPartition) {
        List<Finding> findings = new ArrayList<>();
        double inserts = 0;
        double topInserts = 0;
        double bottomInserts = 0;
        double transactions = 0;
        List<StripeView.FilterText> filters = new ArrayList<>();
        for (StripeView view : views) {
            inserts += view.inserts();
            topInserts += view.topInserts();
            bottomInserts += view.bottomInserts();
            transactions += view.transactions();
            filters.addAll(view.filters());
        }
        for (StripeView view : views) {
            for (StripeView.Partition partition : view.partitions()) {
                partition(findings, partition, transactions);
            }
            for (StripeView.Size size : view.sizes()) {
                size(findings, size);
            }
        }
        double endTarget = settings.endInsertsPerSecond();
        if (topInserts >= endTarget) {
            findings.add(finding(FindingKind.APPEND_HOTSPOT, highestPartition, String.format(Locale.ROOT,
                    "%s new partitions/s (%s of the table's %s inserts/s) were created with a PartitionKey above all "
                            + "seen before (the highest now '%s'), %s: the newest keys all land at the end of the key "
                            + "space, which one server serves, above the %s inserts/s one partition is served; spread "
                            + "them with a prefix or hash in the PartitionKey (the guide's prepend/append anti-pattern).",
                    number(topInserts), percent(topInserts, inserts), number(inserts), highestPartition, window,
                    number(endTarget))));
        }
        if (bottomInserts >= endTarget) {
            findings.add(finding(FindingKind.PREPEND_HOTSPOT, lowestPartition, String.format(Locale.ROOT,
                    "%s new partitions/s (%s of the table's %s inserts/s) were created with a PartitionKey below all "
                            + "seen before (the lowest now '%s'), %s: the newest keys all land at the start of the key "
                            + "space, which one server serves, above the %s inserts/s one partition is served; spread "
                            + "them with a prefix or hash in the PartitionKey (the guide's prepend/append anti-pattern).",
                    number(bottomInserts), percent(bottomInserts, inserts), number(inserts), lowestPartition, window,
                    number(endTarget))));
        }
        scans(findings, filters);
        findings.sort(Comparator.comparing(Finding::kind)
                .thenComparing(f -> f.partitionKey() == null ? "" : f.partitionKey()));
        return findings;
    }

    private void partition(List<Finding> findings, StripeView.Partition p, double tableTransactions) {
        String key = p.partitionKey();
        boolean hot = p.entities() >= settings.partitionEntitiesPerSecond();
        if (hot) {
            findings.add(finding(FindingKind.HOT_PARTITION, key, String.format(Locale.ROOT,
                    "Partition '%s' took %s entities/s (%s written, %s read), %s, above the %s entities/s Azure "
                            + "serves one partition; spread its entities over more partitions with a compound "
                            + "PartitionKey.",
                    key, number(p.entities()), number(p.written()), number(p.read()), window,
                    number(settings.partitionEntitiesPerSecond()))));
        }
        // Inside a partition, which end new rows go to only matters once the partition is hot: one
        // server serves all of it either way.
        if (hot && p.topInserts() >= settings.endInsertsPerSecond()) {
            findings.add(finding(FindingKind.APPEND_HOTSPOT, key, rowEnd(p, p.topInserts(), "above")));
        }
        if (hot && p.bottomInserts() >= settings.endInsertsPerSecond()) {
            findings.add(finding(FindingKind.PREPEND_HOTSPOT, key, rowEnd(p, p.bottomInserts(), "below")));
        }
        if (p.transactions() >= settings.transactionsPerSecond()
                && p.transactions() >= AdvisorSettings.TRANSACTION_SHARE * tableTransactions) {
            findings.add(finding(FindingKind.TRANSACTION_HOTSPOT, key, String.format(Locale.ROOT,
                    "%s entity group transactions/s (%s of the table's) went to partition '%s', %s: whatever must "
                            + "change together is kept in one partition, which one server serves; keep in one "
                            + "partition only what must change atomically, and reach the rest eventually (through a "
                            + "queue).",
                    number(p.transactions()), percent(p.transactions(), tableTransactions), key, window)));
        }
    }

    private String rowEnd(StripeView.Partition p, double atEnd, String where) {
        return String.format(Locale.ROOT,
                "%s inserts/s into partition '%s' (%s of its %s inserts/s) had a RowKey %s all its RowKeys seen "
                        + "before, %s: keys by time put every new entity at one end of one partition, above the %s "
                        + "inserts/s one partition is served; spread them over partitions with a prefix or hash "
                        + "(the guide's prepend/append anti-pattern).",
                number(atEnd), p.partitionKey(), percent(atEnd, p.inserts()), number(p.inserts()), where, window,
                number(settings.endInsertsPerSecond()));
    }

    private void size(List<Finding> findings, StripeView.Size size) {
        if (size.bytes() >= settings.partitionBytes() || size.entities() >= settings.partitionEntities()) {
            findings.add(finding(FindingKind.OVERSIZED_PARTITION, size.partitionKey(), String.format(Locale.ROOT,
                    "Partition '%s' holds at least %s entities of %s bytes (by the guide's size formula), as "
                            + "observed since the server started (entities created less deleted; a deleted "
                            + "entity counted at the partition's mean size), above the %s; split it with a "
                            + "compound PartitionKey.",
                    size.partitionKey(), number(size.entities()), number(size.bytes()),
                    size.bytes() >= settings.partitionBytes() ? number(settings.partitionBytes()) + " bytes"
                            : number(settings.partitionEntities()) + " entities")));
        }
    }

    private void scans(List<Finding> findings, List<StripeView.FilterText> filters) {
        scan(findings, filters, FindingKind.TABLE_SCAN, StripeView.FilterText::tableScansPerMinute,
                "query pages a minute read the whole table (table scans)");
        scan(findings, filters, FindingKind.PARTITION_SCAN, StripeView.FilterText::partitionScansPerMinute,
                "query pages a minute read a whole partition to filter it (partition scans)");
        scan(findings, filters, FindingKind.READ_AMPLIFICATION, StripeView.FilterText::amplifiedPerMinute,
                "query pages a minute read at least " + number(settings.readAmplification())
                        + " times the entities they returned");
    }

    private void scan(List<Finding> findings, List<StripeView.FilterText> filters, FindingKind kind,
                      java.util.function.ToDoubleFunction<StripeView.FilterText> perMinute, String what) {
        List<StripeView.FilterText> causes = new ArrayList<>();
        double total = 0;
        double read = 0;
        double returned = 0;
        for (StripeView.FilterText filter : filters) {
            double rate = perMinute.applyAsDouble(filter);
            if (rate > 0) {
                causes.add(filter);
                total += rate;
                read += filter.read();
                returned += filter.returned();
            }
        }
        if (total < settings.scansPerMinute()) {
            return;
        }
        causes.sort(Comparator.comparingDouble(perMinute).reversed());
        StringBuilder named = new StringBuilder();
        for (int i = 0; i < Math.min(FILTERS_NAMED, causes.size()); i++) {
            named.append(i == 0 ? "" : ", ").append('`').append(causes.get(i).filter()).append("` (")
                    .append(number(perMinute.applyAsDouble(causes.get(i)))).append("/min)");
        }
        findings.add(finding(kind, null, String.format(Locale.ROOT,
                "%s %s, %s, reading %s entities/s to return %s; the most frequent $filters: %s.",
                number(total), what, window, number(read), number(returned), named)));
    }

    private Finding finding(FindingKind kind, String partitionKey, String evidence) {
        return new Finding(account, table, kind, partitionKey, evidence);
    }

    private static String number(double value) {
        return value >= 100 || value == Math.rint(value) ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String percent(double part, double whole) {
        return whole <= 0 ? "100%" : String.format(Locale.ROOT, "%.0f%%", Math.min(100, 100 * part / whole));
    }
}
