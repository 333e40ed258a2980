package io.cerulean.junit5;

import io.cerulean.app.Cerulean;

/**
 * Times in-process starts in a JVM of its own: the first start pays for loading and linking the
 * classes (a test suite's first server), the later ones are what each further server costs.
 * Prints {@code cold-ms=N warm-ms=N} (the warm figure the median of ten starts), for
 * {@link InProcessStartTest}.
 */
public final class StartTimer {
    private StartTimer() {
    }

    public static void main(String[] args) {
        long cold = timeOneStart();
        long[] warm = new long[10];
        for (int i = 0; i < warm.length; i++) {
            warm[i] = timeOneStart();
        }
        java.util.Arrays.sort(warm);
        System.out.println("cold-ms=" + cold / 1_000_000 + " warm-ms=" + warm[warm.length / 2] / 1_000_000);
    }

    private static long timeOneStart() {
        long started = System.nanoTime();
        try (Cerulean cerulean = Cerulean.builder().inMemory().port(0).start()) {
            long elapsed = System.nanoTime() - started;
            if (cerulean.port() <= 0) {
                throw new IllegalStateException("no port");
            }
            return elapsed;
        }
    }
}
