package io.cerulean.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerProcessTest {
    @TempDir
    Path proc;

    @Test
    void readsRssAndCpuEvenWithAParenthesisInTheCommandName() throws IOException {
        Path pid = Files.createDirectories(proc.resolve("1234"));
        Files.writeString(pid.resolve("status"), "Name:\tjava\nVmHWM:\t  300000 kB\nVmRSS:\t  184320 kB\nThreads:\t40\n");
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
        Files.writeString(pid.resolve("stat"), "1234 (java (x) y) S 1 1234 1234 0 -1 4194560 100 0 0 0 1250 375 0 0 20 0\n");
        ServerProcess server = new ServerProcess(1234, proc);
        assertThat(server.readable()).isTrue();
        assertThat(server.rssMb()).isCloseTo(180.0, within(1e-9));
        assertThat(server.cpuSeconds()).isCloseTo(16.25, within(1e-9));
    }

    @Test
    void thisProcessIsReadableOnLinux() throws IOException {
        ServerProcess self = new ServerProcess(ProcessHandle.current().pid());
        if (self.readable()) {
            assertThat(self.rssMb()).isPositive();
            assertThat(self.cpuSeconds()).isPositive();
        }
        assertThat(new ServerProcess(Long.MAX_VALUE).readable()).isFalse();
    }
}
