package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import io.cerulean.tools.table.Rejection;
import io.cerulean.tools.table.Row;
import io.cerulean.tools.table.Settled;
import io.cerulean.tools.table.TableWriter;
import io.cerulean.tools.table.WriteMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 100,000 entities: export A, import into B, export B, and the two files are the same bytes. */
class LargeTableRoundTripTest {
    private static final int ENTITIES = 100_000;
    private static final SharedServers SERVERS = SharedServers.perClass();

    @TempDir
    Path dir;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    @Test
    void aHundredThousandEntitiesRoundTripToTheSameBytes() throws IOException {
        ServerFixture fixture = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
        String connection = SERVERS.server(fixture).connectionString();
        TableClient source = SERVERS.newTable(fixture, "Large");
        AtomicLong written = new AtomicLong();
        try (TableWriter writer = new TableWriter(source, WriteMode.INSERT, 4, new TableWriter.Listener() {
            @Override
            public void rejected(Row row, Rejection why) {
                throw new AssertionError(why.toString());
            }

            @Override
            public void settled(Settled batch) {
                written.addAndGet(batch.written().size());
            }
        })) {
            for (int i = 0; i < ENTITIES; i++) {
                writer.write(new TableEntity("p" + i % 97, String.format("r%06d", i))
                        .addProperty("Name", "entity " + i + ", \"quoted\"")
                        .addProperty("N", i)
                        .addProperty("Big", (long) i << 40)
                        .addProperty("Ratio", i / 7.0)
                        .addProperty("When", OffsetDateTime.parse("1960-01-01T00:00:00Z").plusNanos(i * 100L))
                        .addProperty("Id", new UUID(i, -i)), i);
            }
            writer.flush();
        }
        assertThat(written).hasValue(ENTITIES);
        Path first = dir.resolve("a.jsonl");
        Path second = dir.resolve("b.jsonl");
        String target = SharedServers.uniqueTableName("LargeCopy");

        Cli exported = Cli.run("export", source.getTableName(), "-o", first.toString(), "--no-timestamp", "--quiet",
                "--connection-string", connection);
        Cli imported = Cli.run("import", target, first.toString(), "--create-table", "--quiet", "--connection-string", connection);
        Cli again = Cli.run("export", target, "-o", second.toString(), "--no-timestamp", "--quiet",
                "--connection-string", connection);

        assertThat(exported.exit()).as(exported.toString()).isZero();
        assertThat(imported.exit()).as(imported.toString()).isZero();
        assertThat(imported.err()).contains("imported 100,000 entities");
        assertThat(again.exit()).as(again.toString()).isZero();
        assertThat(Files.size(first)).isGreaterThan(ENTITIES * 100L);
        assertThat(Files.mismatch(first, second)).isEqualTo(-1L);
    }
}
