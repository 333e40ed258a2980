package io.cerulean.bench.report;

import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The server processes {@code --server-pid} names, one or several (servers sharing one store),
 * read as one: their RSS and CPU time summed.
 */
public final class ServerProcesses {
    private final List<ServerProcess> processes;

    public ServerProcesses(List<ServerProcess> processes) {
        if (processes.isEmpty()) {
            throw new IllegalArgumentException("no server process");
        }
        this.processes = List.copyOf(processes);
    }

    /** The processes of these pids on this machine. */
    public static ServerProcesses of(List<Long> pids) {
        return new ServerProcesses(pids.stream().map(ServerProcess::new).toList());
    }

    public int size() {
        return processes.size();
    }

    /** "pid 5579", or "pids 5579+5580" for several. */
    public String describe() {
        String pids = processes.stream().map(p -> Long.toString(p.pid())).collect(Collectors.joining("+"));
        return processes.size() == 1 ? "pid " + pids : "pids " + pids;
    }

    /** Every process's VmRSS in MiB, summed. @throws IOException when one is gone */
    public double rssMb() throws IOException {
        double sum = 0;
        for (ServerProcess p : processes) {
            sum += p.rssMb();
        }
        return sum;
    }

    /** Every process's user plus system CPU seconds since it started, summed. @throws IOException when one is gone */
    public double cpuSeconds() throws IOException {
        double sum = 0;
        for (ServerProcess p : processes) {
            sum += p.cpuSeconds();
        }
        return sum;
    }
}
