package io.cerulean.table.advisor;

import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.query.QueryPlan;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The design advisor: the REST layer tells it what each request did ({@link #written},
 * {@link #read}, {@link #queried}); it keeps per table what the judging needs, in bounded memory,
 * and says what it finds ({@link #findings}) and, at most once a minute per table, tells
 * {@code log}. At most {@link AdvisorSettings#tables()} tables are watched: a new one beyond makes
 * the least recently used one forgotten. When off, every method returns at once. Thread-safe.
 */
public final class Advisor {
    /** How often a table is judged on its traffic's path, for the log. */
    static final Duration JUDGE_EVERY = Duration.ofSeconds(1);
    /** The least time between two log lines about one table. */
    public static final Duration LOG_EVERY = Duration.ofMinutes(1);

    private final AdvisorSettings settings;
    private final LongSupplier nanoTime;
    private final Consumer<List<Finding>> log;
    private final Map<Long, TableWatch> tables = new ConcurrentHashMap<>();

    /**
     * @param nanoTime a monotonic clock in nanoseconds ({@link System#nanoTime})
     * @param log      told a table's findings, non-empty, at most once per {@link #LOG_EVERY} per table
     */
    public Advisor(AdvisorSettings settings, LongSupplier nanoTime, Consumer<List<Finding>> log) {
        this.settings = settings;
        this.nanoTime = nanoTime;
        this.log = log;
    }

    private static final Advisor OFF = new Advisor(AdvisorSettings.OFF, System::nanoTime, findings -> { });

    /** An advisor that watches nothing. */
    public static Advisor off() {
        return OFF;
    }

    public boolean enabled() {
        return settings.enabled();
    }

    public AdvisorSettings settings() {
        return settings;
    }

    /** A transaction (or a single write, {@code transaction} false) committed in {@code partitionKey}. */
    public void written(StoredTable table, String partitionKey, List<Operation> operations,
                        List<OperationResult> results, boolean transaction) {
        if (settings.enabled()) {
            long now = nanoTime.getAsLong();
            TableWatch watch = watch(table, now);
            watch.written(now, partitionKey, operations, results, transaction);
            judgeForLog(watch, now);
        }
    }

    /** {@code entities} read by key from {@code partitionKey}. */
    public void read(StoredTable table, String partitionKey, long entities) {
        if (settings.enabled()) {
            long now = nanoTime.getAsLong();
            TableWatch watch = watch(table, now);
            watch.read(now, partitionKey, entities);
            judgeForLog(watch, now);
        }
    }

    /** A query page that ran {@code plan} for {@code filter} (null: none), reading and returning so many entities. */
    public void queried(StoredTable table, String filter, QueryPlan plan, long read, int returned) {
        if (settings.enabled()) {
            long now = nanoTime.getAsLong();
            TableWatch watch = watch(table, now);
            watch.queried(now, filter, plan, read, returned);
            judgeForLog(watch, now);
        }
    }

    /** Forgets a deleted table: one created again under its name starts afresh. */
    public void tableDeleted(String account, String name) {
        tables.values().removeIf(watch -> watch.account.equals(account) && watch.name.equalsIgnoreCase(name));
    }

    /** Forgets every table of an account a reset wiped. */
    public void accountReset(String account) {
        tables.values().removeIf(watch -> watch.account.equals(account));
    }

    /** What the advisor finds now in {@code account}'s tables, by table name, then kind. */
    public List<Finding> findings(String account) {
        long now = nanoTime.getAsLong();
        List<TableWatch> watched = new ArrayList<>();
        for (TableWatch watch : tables.values()) {
            if (watch.account.equals(account)) {
                watched.add(watch);
            }
        }
        watched.sort(Comparator.comparing(watch -> watch.name));
        List<Finding> findings = new ArrayList<>();
        for (TableWatch watch : watched) {
            findings.addAll(watch.judge(now));
        }
        return findings;
    }

    /** The partitions the advisor tracks now in {@code account}'s tables, by table name, then PartitionKey. */
    public List<PartitionHeat> heat(String account) {
        long now = nanoTime.getAsLong();
        List<TableWatch> watched = new ArrayList<>();
        for (TableWatch watch : tables.values()) {
            if (watch.account.equals(account)) {
                watched.add(watch);
            }
        }
        watched.sort(Comparator.comparing(watch -> watch.name));
        List<PartitionHeat> heat = new ArrayList<>();
        for (TableWatch watch : watched) {
            heat.addAll(watch.heat(now));
        }
        return heat;
    }

    /** What the advisor finds now in every account's tables. */
    public List<Finding> findings() {
        long now = nanoTime.getAsLong();
        List<Finding> findings = new ArrayList<>();
        for (TableWatch watch : tables.values()) {
            findings.addAll(watch.judge(now));
        }
        return findings;
    }

    public int tablesWatched() {
        return tables.size();
    }

    /** Partitions and filter texts held now over every table watched. */
    int trackedKeys() {
        int keys = 0;
        for (TableWatch watch : tables.values()) {
            keys += watch.trackedKeys();
        }
        return keys;
    }

    private TableWatch watch(StoredTable table, long now) {
        TableWatch watch = tables.get(table.id());
        if (watch == null) {
            watch = tables.computeIfAbsent(table.id(), id -> new TableWatch(table.account(), table.name(), settings,
                    now));
            if (tables.size() > settings.tables()) {
                forgetLeastRecentlyUsed(watch);
            }
        }
        watch.lastActive = now;
        return watch;
    }

    private void forgetLeastRecentlyUsed(TableWatch keep) {
        Map.Entry<Long, TableWatch> oldest = null;
        for (Map.Entry<Long, TableWatch> entry : tables.entrySet()) {
            if (entry.getValue() != keep && (oldest == null || entry.getValue().lastActive - oldest.getValue().lastActive < 0)) {
                oldest = entry;
            }
        }
        if (oldest != null) {
            tables.remove(oldest.getKey(), oldest.getValue());
        }
    }

    /** Judges the table once a second at most, by whichever request gets there first, and logs what it finds once a minute at most. */
    private void judgeForLog(TableWatch watch, long now) {
        long next = watch.nextJudge.get();
        if (now - next < 0 || !watch.nextJudge.compareAndSet(next, now + JUDGE_EVERY.toNanos())) {
            return;
        }
        if (watch.logged && now - watch.lastLogged < LOG_EVERY.toNanos()) {
            return;
        }
        List<Finding> findings = watch.judge(now);
        if (!findings.isEmpty()) {
            watch.lastLogged = now;
            watch.logged = true;
            log.accept(findings);
        }
    }
}
