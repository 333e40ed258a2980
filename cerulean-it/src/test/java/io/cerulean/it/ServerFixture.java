package io.cerulean.it;

import io.cerulean.app.Cerulean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Which store a test server runs on: every SDK-driven test runs against both. */
public enum ServerFixture {
    IN_MEMORY, ROCKSDB;

    /** Starts a server on a free port; close it to stop it and remove its data. */
    public RunningServer start() {
        if (this == IN_MEMORY) {
            return new RunningServer(Cerulean.builder().inMemory().port(0).start(), null);
        }
        try {
            Path dir = Files.createTempDirectory("cerulean-it");
            return new RunningServer(Cerulean.builder().dataDir(dir).port(0).start(), dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A started server and the directory it owns. */
    public record RunningServer(Cerulean cerulean, Path dataDir) implements AutoCloseable {
        public String connectionString() {
            return cerulean.connectionString();
        }

        @Override
        public void close() {
            cerulean.close();
            if (dataDir != null) {
                try (Stream<Path> paths = Files.walk(dataDir)) {
                    paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }
}
