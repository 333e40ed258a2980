package io.cerulean.bench;

import io.cerulean.bench.client.Target;
import io.cerulean.bench.workload.Sizes;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A run, as the options asked for it.
 *
 * @param target    endpoints, account and key
 * @param sizes     data sizes and phase lengths
 * @param quick     whether {@code sizes} are the quick ones (shown in the header)
 * @param selection the workloads to run, W1..W8 in order, prerequisites included
 * @param serverPids the server processes to watch, summed; empty when none is given
 * @param csv       where to append CSV rows, if anywhere
 * @param label     the CSV rows' label
 * @param keep      leave the tables in place at the end
 * @param ioThreads the client's event loop threads
 */
public record BenchSettings(Target target, Sizes sizes, boolean quick, WorkloadSelection selection,
                            List<Long> serverPids, Optional<Path> csv, String label, boolean keep,
                            int ioThreads) {
    public BenchSettings {
        serverPids = List.copyOf(serverPids);
    }
}
