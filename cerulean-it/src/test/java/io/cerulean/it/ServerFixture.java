package io.cerulean.it;

import io.cerulean.app.Cerulean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Which store a test server runs on. Every SDK-driven test runs against IN_MEMORY and ROCKSDB; a run
 * that names one store with {@code -Dcerulean.it.store=NAME} runs them on that store only. That is how
 * cerulean-cassandra-it runs a set of these tests on CASSANDRA, whose nodes only that module starts
 * (it provides them through {@link CassandraStoreSource}).
 */
public enum ServerFixture {
    IN_MEMORY, ROCKSDB, CASSANDRA;

    private static final String CHOSEN = System.getProperty("cerulean.it.store", "");

    /** The stores this run's tests are parametrized over ({@link EachStore}). */
    public static List<ServerFixture> tested() {
        return CHOSEN.isEmpty() ? List.of(IN_MEMORY, ROCKSDB) : List.of(valueOf(CHOSEN));
    }

    /** The store of a test written for one store: {@code usual}, unless this run names a store. */
    public static ServerFixture chosenOr(ServerFixture usual) {
        return CHOSEN.isEmpty() ? usual : valueOf(CHOSEN);
    }

    /** Starts a server on a free port; close it to stop it and remove its data. */
    public RunningServer start() {
        return start(builder -> { });
    }

    /** The same, with settings of the test's own. */
    public RunningServer start(Consumer<Cerulean.Builder> settings) {
        Cerulean.Builder builder = Cerulean.builder().port(0);
        Path dir = null;
        switch (this) {
            case IN_MEMORY -> builder.inMemory();
            case ROCKSDB -> {
                try {
                    dir = Files.createTempDirectory("cerulean-it");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                builder.dataDir(dir);
            }
            case CASSANDRA -> ServiceLoader.load(CassandraStoreSource.class).findFirst()
                    .orElseThrow(() -> new IllegalStateException(
                            "no Cassandra here: the CASSANDRA store runs from cerulean-cassandra-it"))
                    .useCassandra(builder);
        }
        settings.accept(builder);
        return new RunningServer(builder.start(), dir);
    }

    /** A started server and the directory it owns, if any. */
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
