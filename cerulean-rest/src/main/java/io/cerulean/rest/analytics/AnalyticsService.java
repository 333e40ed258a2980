package io.cerulean.rest.analytics;

/**
 * A storage service as Storage Analytics names it: in a log line's service-type field and a log
 * blob's first path segment ({@code blob}), in its metrics tables' names ({@code Blob}), and in the
 * row its service properties document is kept under.
 */
public enum AnalyticsService {
    BLOB("blob", "Blob"), TABLE("table", "Table"), QUEUE("queue", "Queue");

    private final String logName;
    private final String tableSuffix;

    AnalyticsService(String logName, String tableSuffix) {
        this.logName = logName;
        this.tableSuffix = tableSuffix;
    }

    /** {@code blob}, {@code table} or {@code queue}: the log's service-type field and blob prefix. */
    public String logName() {
        return logName;
    }

    /** {@code Blob}, {@code Table} or {@code Queue}: how its metrics tables' names end. */
    public String tableSuffix() {
        return tableSuffix;
    }
}
