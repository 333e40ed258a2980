package io.cerulean.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The server's resident memory and CPU time, read from Linux's /proc for a process the user names
 * with {@code --server-pid}. CPU is in clock ticks of 1/100 s, USER_HZ on every Linux platform.
 */
public final class ServerProcess {
    private static final double TICKS_PER_SECOND = 100.0;

    private final long pid;
    private final Path proc;

    public ServerProcess(long pid) {
        this(pid, Path.of("/proc"));
    }

    /** For tests: a directory laid out as /proc. */
    ServerProcess(long pid, Path proc) {
        this.pid = pid;
        this.proc = proc;
    }

    public long pid() {
        return pid;
    }

    /** Whether the process exists and its figures can be read. */
    public boolean readable() {
        return Files.isReadable(proc.resolve(Long.toString(pid)).resolve("stat"));
    }

    /** VmRSS in MiB. @throws IOException when the process is gone */
    public double rssMb() throws IOException {
        for (String line : Files.readAllLines(proc.resolve(Long.toString(pid)).resolve("status"))) {
            if (line.startsWith("VmRSS:")) {
                String[] parts = line.substring(6).trim().split("\\s+");
                return Long.parseLong(parts[0]) / 1024.0;   // kB
            }
        }
        throw new IOException("no VmRSS for process " + pid);
    }

    /** User plus system CPU seconds since the process started. @throws IOException when it is gone */
    public double cpuSeconds() throws IOException {
        String stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"));
        // The command name (field 2) is in parentheses and may hold spaces or ')': count from the last ')'.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        long utime = Long.parseLong(fields[11]);   // field 14
        long stime = Long.parseLong(fields[12]);   // field 15
        return (utime + stime) / TICKS_PER_SECOND;
    }
}
