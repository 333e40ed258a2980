package io.cerulean.tools.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private final AtomicLong now = new AtomicLong();
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(written, true, StandardCharsets.UTF_8);

    @Test
    void aLineHasCountsRatesAndTheTimeLeftOnceTheTotalIsKnown() {
        Progress progress = new Progress("export orders", "entities", out, ProgressStyle.PLAIN, now::get, false);
        progress.expect(OptionalLong.of(10_000), OptionalLong.empty());
        progress.add(2_500, 2_621_440);
        now.set(5_000_000_000L);

        assertThat(progress.line()).isEqualTo(
                "export orders: 2,500/10,000 entities, 2.5 MiB, 500 entities/s, 512.0 KiB/s, ETA 0:15");
    }

    @Test
    void failuresAreShownApartFromWhatWasDone() {
        Progress progress = new Progress("import orders", "entities", out, ProgressStyle.PLAIN, now::get, false);
        progress.add(10, 100);
        progress.failed(3);
        now.set(1_000_000_000L);

        assertThat(progress.line()).isEqualTo("import orders: 10 entities, 100 B, 3 failed, 10 entities/s, 100 B/s");
        assertThat(progress.failures()).isEqualTo(3);
    }

    @Test
    void plainOutputIsOneLineADrawAndATerminalRedrawsInPlace() {
        Progress plain = new Progress("copy", "blobs", out, ProgressStyle.PLAIN, now::get, false);
        now.set(1_000_000_000L);
        plain.add(1, 1);
        plain.draw();
        plain.draw();
        assertThat(text()).doesNotContain("\r").hasLineCount(2);

        written.reset();
        Progress terminal = new Progress("copy", "blobs", out, ProgressStyle.TERMINAL, now::get, false);
        terminal.add(1, 1);
        terminal.draw();
        terminal.finish("done");
        assertThat(text()).startsWith("\rcopy: 1 blobs").endsWith("done" + System.lineSeparator());
    }

    @Test
    void quietWritesOnlyTheSummary() {
        Progress quiet = new Progress("copy", "blobs", out, ProgressStyle.QUIET, now::get, false);
        quiet.add(5, 5);
        quiet.draw();
        quiet.finish("copied 5 blobs");

        assertThat(text()).isEqualTo("copied 5 blobs" + System.lineSeparator());
    }

    @Test
    void byteSizesReadAsPeopleReadThem() {
        assertThat(ByteSize.format(1023)).isEqualTo("1023 B");
        assertThat(ByteSize.format(1536)).isEqualTo("1.5 KiB");
        assertThat(ByteSize.format(64L << 20)).isEqualTo("64.0 MiB");
    }

    private String text() {
        return written.toString(StandardCharsets.UTF_8);
    }
}
