package io.cerulean.table.advisor;

import java.util.List;

/** A stripe's figures at one moment: rates a second (scans a minute), sizes as counted. */
record StripeView(List<Partition> partitions, List<Size> sizes, List<FilterText> filters, double inserts,
                  double topInserts, double bottomInserts, double transactions) {

    record Partition(String partitionKey, double written, double read, double inserts, double topInserts,
                     double bottomInserts, double transactions) {
        double entities() {
            return written + read;
        }
    }

    record Size(String partitionKey, long bytes, long entities) {
    }

    record FilterText(String filter, double tableScansPerMinute, double partitionScansPerMinute,
                      double amplifiedPerMinute, double read, double returned) {
    }
}
