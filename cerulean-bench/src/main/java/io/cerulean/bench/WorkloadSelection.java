package io.cerulean.bench;

import io.cerulean.bench.client.Service;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which workloads run, from {@code --only}: always in the order W1..W8, with the loads the others
 * read from added (W2 and W7 read W1's entities; W4, W5, W6 and W8 query W3's data set). The
 * Queue workloads Q1 and Q2 and the Blob workloads B1..B7 run only when asked for, each kind apart
 * from the others: they take a Queue or a Blob endpoint. B2 and B4 load what they read themselves
 * when B1 and B3 do not run, so nothing is added for them.
 *
 * @param ids   the workloads to run, in order
 * @param added why a workload that was not asked for runs, one line each
 */
public record WorkloadSelection(List<String> ids, List<String> added) {
    public static final List<String> ALL = List.of("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8");
    public static final List<String> QUEUE = List.of("Q1", "Q2");
    public static final List<String> BLOB = List.of("B1", "B2", "B3", "B4", "B5", "B6", "B7");
    private static final Map<String, String> NEEDS = Map.of("W2", "W1", "W7", "W1", "W4", "W3", "W5", "W3",
            "W6", "W3", "W8", "W3");

    /** @throws IllegalArgumentException for a name that is not W1..W8, Q1, Q2 or B1..B7, or for two kinds at once */
    public static WorkloadSelection of(List<String> only) {
        if (only == null || only.isEmpty()) {
            return new WorkloadSelection(ALL, List.of());
        }
        Set<String> asked = new LinkedHashSet<>();
        for (String name : only) {
            String id = name.trim().toUpperCase(Locale.ROOT);
            if (!ALL.contains(id) && !QUEUE.contains(id) && !BLOB.contains(id)) {
                throw new IllegalArgumentException("--only takes W1..W8, Q1, Q2 and B1..B7, not '" + name.trim() + "'");
            }
            asked.add(id);
        }
        boolean anyTable = asked.stream().anyMatch(ALL::contains);
        boolean anyQueue = asked.stream().anyMatch(QUEUE::contains);
        boolean anyBlob = asked.stream().anyMatch(BLOB::contains);
        if (anyBlob) {
            if (anyTable || anyQueue) {
                throw new IllegalArgumentException("B1..B7 load a Blob endpoint, " + (anyTable ? "W1..W8 a Table"
                        : "Q1 and Q2 a Queue") + " endpoint: run them apart");
            }
            return new WorkloadSelection(BLOB.stream().filter(asked::contains).toList(), List.of());
        }
        if (asked.stream().anyMatch(QUEUE::contains)) {
            if (!QUEUE.containsAll(asked)) {
                throw new IllegalArgumentException("Q1 and Q2 load a Queue endpoint, W1..W8 a Table endpoint: "
                        + "run them apart");
            }
            return new WorkloadSelection(QUEUE.stream().filter(asked::contains).toList(), List.of());
        }
        List<String> added = new ArrayList<>();
        Set<String> wanted = new LinkedHashSet<>(asked);
        for (String id : asked) {
            String need = NEEDS.get(id);
            if (need != null && !asked.contains(need) && wanted.add(need)) {
                added.add(need + " runs too: " + id + " reads the entities it " + (need.equals("W1") ? "inserts" : "loads"));
            }
        }
        return new WorkloadSelection(ALL.stream().filter(wanted::contains).toList(), added);
    }

    /** True for Q1 and Q2, whose endpoint is a Queue service's. */
    public boolean queue() {
        return !ids.isEmpty() && QUEUE.contains(ids.get(0));
    }

    /** True for B1..B7, whose endpoint is a Blob service's. */
    public boolean blob() {
        return !ids.isEmpty() && BLOB.contains(ids.get(0));
    }

    /** The service whose endpoint the workloads load. */
    public Service service() {
        return queue() ? Service.QUEUE : blob() ? Service.BLOB : Service.TABLE;
    }
}
