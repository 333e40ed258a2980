package io.cerulean.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerProcessesTest {
    @TempDir
    Path proc;

    @Test
    void severalServersAreSummed() throws IOException {
        fake(1234, 184320, 1250, 375);
        fake(1235, 102400, 500, 100);
        ServerProcesses servers = new ServerProcesses(List.of(new ServerProcess(1234, proc), new ServerProcess(1235, proc)));
        assertThat(servers.size()).isEqualTo(2);
        assertThat(servers.describe()).isEqualTo("pids 1234+1235");
        assertThat(servers.rssMb()).isCloseTo(280.0, within(1e-9));
        assertThat(servers.cpuSeconds()).isCloseTo(22.25, within(1e-9));
    }

    @Test
    void oneServerReadsAsBefore() throws IOException {
        fake(1234, 184320, 1250, 375);
        ServerProcesses servers = new ServerProcesses(List.of(new ServerProcess(1234, proc)));
        assertThat(servers.describe()).isEqualTo("pid 1234");
        assertThat(servers.rssMb()).isCloseTo(180.0, within(1e-9));
        assertThat(servers.cpuSeconds()).isCloseTo(16.25, within(1e-9));
    }

    @Test
    void oneGoneMakesTheSumUnknown() throws IOException {
        fake(1234, 184320, 1250, 375);
        ServerProcesses servers = new ServerProcesses(List.of(new ServerProcess(1234, proc), new ServerProcess(99, proc)));
        assertThatThrownBy(servers::rssMb).isInstanceOf(IOException.class);
        assertThatThrownBy(servers::cpuSeconds).isInstanceOf(IOException.class);
    }

    private void fake(long pid, long rssKb, long utime, long stime) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("status"), "Name:\tjava\nVmRSS:\t  " + rssKb + " kB\n");
        Files.writeString(dir.resolve("stat"), pid + " (java) S 1 1 1 0 -1 4194560 100 0 0 0 " + utime + " " + stime
                + " 0 0 20 0\n");
    }
}
