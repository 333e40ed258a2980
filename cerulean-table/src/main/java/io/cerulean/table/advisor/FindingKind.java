package io.cerulean.table.advisor;

/** What the advisor reports, each with its name on the wire and the design guide's pattern that fixes it. */
public enum FindingKind {
    /** A partition taking more entities a second than one partition is served. */
    HOT_PARTITION("hot-partition", "Compound key pattern"),
    /** New keys arriving above all others: at the end of the table's key space, or of a hot partition's RowKeys. */
    APPEND_HOTSPOT("append-hotspot", "Compound key pattern"),
    /** New keys arriving below all others. */
    PREPEND_HOTSPOT("prepend-hotspot", "Compound key pattern"),
    /** Queries that read the whole table, often. */
    TABLE_SCAN("table-scan", "Inter-partition secondary index pattern"),
    /** Queries that read a whole partition to filter it, often. */
    PARTITION_SCAN("partition-scan", "Intra-partition secondary index pattern"),
    /** A partition grown past what one partition should hold. */
    OVERSIZED_PARTITION("oversized-partition", "Compound key pattern"),
    /** Entity group transactions that nearly all go to one partition, often. */
    TRANSACTION_HOTSPOT("transaction-hotspot", "Eventually consistent transactions pattern"),
    /** Key-range queries that read far more entities than they return. */
    READ_AMPLIFICATION("read-amplification", "Index entities pattern");

    private final String wireName;
    private final String pattern;

    FindingKind(String wireName, String pattern) {
        this.wireName = wireName;
        this.pattern = pattern;
    }

    /** The kind as {@code $advisor} and the metrics name it. */
    public String wireName() {
        return wireName;
    }

    /** The design guide's pattern that fixes it, by the guide's name. */
    public String pattern() {
        return pattern;
    }
}
