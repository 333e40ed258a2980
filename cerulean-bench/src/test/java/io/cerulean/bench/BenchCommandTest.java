package io.cerulean.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.bench.client.Endpoint;
import io.cerulean.bench.client.Target;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchCommandTest {
    private static final long SELF = ProcessHandle.current().pid();

    private static BenchSettings settings(String... args) {
        BenchCommand command = new BenchCommand();
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    @Test
    void oneEndpointAndOnePidAsBefore() {
        BenchSettings s = settings("http://127.0.0.1:10102/devstoreaccount1", "--server-pid", Long.toString(SELF));
        assertThat(s.target().endpoints()).containsExactly(Endpoint.parse("http://127.0.0.1:10102/devstoreaccount1"));
        assertThat(s.serverPids()).containsExactly(SELF);
        assertThat(settings().target().endpoints()).containsExactly(Endpoint.parse(Target.DEV_ENDPOINT));
        assertThat(settings().serverPids()).isEmpty();
    }

    @Test
    void severalEndpointsAndPidsCommaSeparated() {
        long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(SELF);
        BenchSettings s = settings("http://127.0.0.1:10102/devstoreaccount1,http://127.0.0.1:10103/devstoreaccount1",
                "--server-pid", SELF + "," + parent, "--concurrency", "4");
        assertThat(s.target().endpoints()).containsExactly(Endpoint.parse("http://127.0.0.1:10102/devstoreaccount1"),
                Endpoint.parse("http://127.0.0.1:10103/devstoreaccount1"));
        assertThat(List.of(0, 1, 2, 3).stream().map(s.target()::endpointOf).map(Endpoint::port))
                .containsExactly(10102, 10103, 10102, 10103);
        assertThat(s.serverPids()).containsExactly(SELF, parent);
    }

    @Test
    void everyEndpointNeedsAConnection() {
        assertThatThrownBy(() -> settings("http://127.0.0.1:1/a,http://127.0.0.1:2/a,http://127.0.0.1:3/a",
                "--concurrency", "2")).hasMessageContaining("3 endpoints but --concurrency 2");
    }

    @Test
    void everyPidMustBeAProcessHere() {
        assertThatThrownBy(() -> settings("--server-pid", SELF + "," + Long.MAX_VALUE))
                .hasMessageContaining("--server-pid " + Long.MAX_VALUE);
    }

    @Test
    void b5LoadsTenThousandTaggedBlobsUnlessToldAnotherMultipleOfAHundred() {
        assertThat(settings("--only", "B5").sizes().tagBlobs()).isEqualTo(10_000);
        assertThat(settings("--only", "B5", "--quick", "--blob-tag-count", "100000").sizes().tagBlobs())
                .isEqualTo(100_000);
        assertThatThrownBy(() -> settings("--only", "B5", "--blob-tag-count", "150"))
                .hasMessageContaining("--blob-tag-count").hasMessageContaining("multiple of 100");
    }
}
