package io.cerulean.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How long an in-process start takes, in a fresh JVM: printed as a figure, not asserted, since a
 * busy machine's wall clock says nothing about Cerulean. The README quotes it.
 */
class InProcessStartTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void startsInAFreshJvmAndAgainInAWarmOne() throws IOException, InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, StartTimer.class.getName()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(100, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).as(output).isZero();
        Matcher figures = Pattern.compile("cold-ms=(\\d+) warm-ms=(\\d+)").matcher(output);
        assertThat(figures.find()).as(output).isTrue();
        System.out.println("FIGURE in-process-start cold-ms=" + figures.group(1) + " warm-ms=" + figures.group(2));
    }
}
