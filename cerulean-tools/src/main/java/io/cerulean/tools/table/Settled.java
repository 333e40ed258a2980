package io.cerulean.tools.table;

import java.util.List;

/**
 * One transaction's rows once the service has answered for all of them: those it acknowledged and
 * those it refused (each already reported to {@link TableWriter.Listener#rejected}). The rows are in
 * the order they were given, consecutive rows of one partition.
 */
public record Settled(List<Row> written, List<Row> rejected) {
    public Settled {
        written = List.copyOf(written);
        rejected = List.copyOf(rejected);
    }

    /** The smallest position among the batch's rows. */
    public long firstPosition() {
        return positions().min().orElseThrow();
    }

    /** The largest position among the batch's rows. */
    public long lastPosition() {
        return positions().max().orElseThrow();
    }

    private java.util.stream.LongStream positions() {
        return java.util.stream.Stream.concat(written.stream(), rejected.stream()).mapToLong(Row::position);
    }
}
