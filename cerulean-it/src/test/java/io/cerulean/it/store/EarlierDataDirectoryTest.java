package io.cerulean.it.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableAccessPolicy;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableSignedIdentifier;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.specialized.AppendBlobClient;
import com.azure.storage.blob.specialized.PageBlobClient;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.azure.storage.queue.models.QueueProperties;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.app.Cerulean;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data directory written by release 0.1.0 as it was before the services became peers on one
 * database (commit 57fda08), kept as a fixture: this release opens it and serves every table,
 * entity, ACL, queue, message, container, blob, snapshot and service properties document in it as
 * that release wrote them, and writes on it afterwards. The fixture was made by {@link #write} on
 * that commit; run it again on a later release to keep a directory of that one too.
 */
class EarlierDataDirectoryTest {
    private static final String FIXTURE = "/fixtures/data-directory-57fda08.zip";
    private static final byte[] LARGE = pattern(200 * 1024); // content kept as a file, beside RocksDB
    private static final byte[] SMALL = pattern(3 * 1024); // content kept in RocksDB
    private static final OffsetDateTime POLICY_END = OffsetDateTime.of(2031, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void aDirectoryOfTheEarlierLayoutOpensAndServesWhatItHeld(@TempDir Path dir) throws IOException {
        unzip(dir);
        try (Cerulean cerulean = Cerulean.builder().dataDir(dir).port(0).start()) {
            assertTables(tables(cerulean));
            assertQueues(queues(cerulean));
            assertBlobs(blobs(cerulean));

            TableClient orders = tables(cerulean).getTableClient("orders");
            String etag = orders.getEntity("p1", "r1").getETag();
            orders.upsertEntity(new TableEntity("p1", "r1").addProperty("Amount", 43));
            assertThat(orders.getEntity("p1", "r1").getETag()).as("a new ETag, after the old one")
                    .isNotEqualTo(etag);
            assertThat(tables(cerulean).createTableIfNotExists("newer")).isNotNull();
            tables(cerulean).getTableClient("newer").createEntity(new TableEntity("a", "b"));
            assertThat(tables(cerulean).getTableClient("newer").listEntities().stream().count()).isEqualTo(1);
            assertThat(tables(cerulean).getTableClient("orders").listEntities().stream().count())
                    .as("a table made now is not the old ones").isEqualTo(3);
            queues(cerulean).getQueueClient("work").sendMessage("later");
            blobs(cerulean).getBlobContainerClient("files").getBlobClient("new.txt")
                    .upload(BinaryData.fromString("new"));
            BlobContainerClient again = blobs(cerulean).createBlobContainer("gone"); // deleted in the earlier release
            again.getBlobClient("only.txt").upload(BinaryData.fromString("only"));
            assertThat(again.listBlobs().stream().map(BlobItem::getName)).as("a container made now is not the old ones")
                    .containsExactly("only.txt");
            assertThat(blobs(cerulean).getBlobContainerClient("files").listBlobs().stream().map(BlobItem::getName))
                    .containsExactlyInAnyOrder("small.bin", "large.bin", "log.txt", "disk.vhd", "new.txt");
        }
        try (Cerulean cerulean = Cerulean.builder().dataDir(dir).port(0).start()) {
            assertTables(tables(cerulean));
            assertThat(queues(cerulean).getQueueClient("work").getProperties().getApproximateMessagesCount())
                    .isEqualTo(3);
        }
    }

    private static void assertTables(TableServiceClient service) {
        assertThat(service.listTables().stream().map(t -> t.getName()).collect(Collectors.toList()))
                .contains("orders", "Customers");
        TableEntity first = service.getTableClient("orders").getEntity("p1", "r1");
        assertThat(first.getProperty("Amount")).isIn(42, 43);
        TableEntity typed = service.getTableClient("orders").getEntity("p1", "r2");
        assertThat(typed.getProperty("Name")).isEqualTo("second");
        assertThat(typed.getProperty("Big")).isEqualTo(1L << 40);
        assertThat(typed.getProperty("When")).isEqualTo(OffsetDateTime.of(2020, 2, 29, 12, 0, 0, 0, ZoneOffset.UTC));
        assertThat(typed.getProperty("Id")).isEqualTo(UUID.fromString("8f1c6e0a-2b7d-4a61-9a4e-3f2f0c3d9b11"));
        assertThat((byte[]) typed.getProperty("Bytes")).containsExactly(1, 2, 3, 0, (byte) 255);
        assertThat(typed.getProperty("Ratio")).isEqualTo(0.25);
        assertThat(typed.getProperty("Flag")).isEqualTo(true);
        assertThat(service.getTableClient("orders").getEntity("p2", "r1").getProperty("Amount")).isEqualTo(7);
        assertThat(service.getTableClient("Customers").listEntities().stream().count()).isEqualTo(50);
        List<TableSignedIdentifier> acl = service.getTableClient("orders").getAccessPolicies().getIdentifiers();
        assertThat(acl).singleElement().satisfies(identifier -> {
            assertThat(identifier.getId()).isEqualTo("readers");
            assertThat(identifier.getAccessPolicy().getPermissions()).isEqualTo("r");
            assertThat(identifier.getAccessPolicy().getExpiresOn()).isEqualTo(POLICY_END);
        });
        assertThat(service.getProperties().getCorsRules()).singleElement()
                .satisfies(rule -> assertThat(rule.getAllowedOrigins()).isEqualTo("https://tables.example"));
    }

    private static void assertQueues(QueueServiceClient service) {
        QueueClient work = service.getQueueClient("work");
        QueueProperties properties = work.getProperties();
        assertThat(properties.getMetadata()).containsEntry("owner", "ops");
        List<PeekedMessageItem> peeked = work.peekMessages(32, null, null).stream().collect(Collectors.toList());
        assertThat(peeked).extracting(m -> m.getBody().toString()).containsExactlyInAnyOrder("first", "second");
        assertThat(service.getQueueClient("empty").getProperties().getApproximateMessagesCount()).isZero();
        assertThat(service.getProperties().getCors()).singleElement()
                .satisfies(rule -> assertThat(rule.getAllowedOrigins()).isEqualTo("https://queues.example"));
    }

    private static void assertBlobs(BlobServiceClient service) {
        BlobContainerClient files = service.getBlobContainerClient("files");
        assertThat(files.getProperties().getMetadata()).containsEntry("team", "storage");
        assertThat(files.getBlobClient("small.bin").downloadContent().toBytes()).isEqualTo(SMALL);
        assertThat(files.getBlobClient("large.bin").downloadContent().toBytes()).isEqualTo(LARGE);
        assertThat(files.getBlobClient("large.bin").getProperties().getMetadata()).containsEntry("kind", "large");
        assertThat(files.getBlobClient("log.txt").downloadContent().toString()).isEqualTo("one\ntwo\n");
        PageBlobClient pages = files.getBlobClient("disk.vhd").getPageBlobClient();
        byte[] page = pages.downloadContent().toBytes();
        assertThat(page).hasSize(1024);
        assertThat(page[512]).isEqualTo((byte) 7);
        List<BlobItem> listed = files.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveSnapshots(true)), null).stream().collect(Collectors.toList());
        assertThat(listed).filteredOn(b -> b.getSnapshot() != null).singleElement()
                .satisfies(b -> assertThat(b.getName()).isEqualTo("small.bin"));
        String snapshot = listed.stream().filter(b -> b.getSnapshot() != null).findFirst().orElseThrow().getSnapshot();
        assertThat(files.getBlobClient("small.bin", snapshot).downloadContent().toString()).isEqualTo("before");
        assertThat(service.getProperties().getCors()).singleElement()
                .satisfies(rule -> assertThat(rule.getAllowedOrigins()).isEqualTo("https://blobs.example"));
    }

    /**
     * Writes the fixture's directory, once, with the release the fixture pins:
     * {@code mvn -pl cerulean-it -am verify -Dtest=EarlierDataDirectoryTest#write
     * -Dcerulean.fixture.write=/tmp/fixture.zip}.
     */
    @Test
    @EnabledIfSystemProperty(named = "cerulean.fixture.write", matches = ".+")
    void write(@TempDir Path dir) throws IOException {
        Path data = dir.resolve("data");
        try (Cerulean cerulean = Cerulean.builder().dataDir(data).port(0).start()) {
            TableServiceClient tables = tables(cerulean);
            TableClient orders = tables.createTable("orders");
            orders.createEntity(new TableEntity("p1", "r1").addProperty("Amount", 42));
            orders.createEntity(new TableEntity("p1", "r2").setProperties(Map.of("Name", "second", "Big", 1L << 40,
                    "When", OffsetDateTime.of(2020, 2, 29, 12, 0, 0, 0, ZoneOffset.UTC),
                    "Id", UUID.fromString("8f1c6e0a-2b7d-4a61-9a4e-3f2f0c3d9b11"),
                    "Bytes", new byte[] {1, 2, 3, 0, (byte) 255}, "Ratio", 0.25, "Flag", true)));
            orders.createEntity(new TableEntity("p2", "r1").addProperty("Amount", 7));
            orders.setAccessPolicies(List.of(new TableSignedIdentifier("readers").setAccessPolicy(
                    new TableAccessPolicy().setPermissions("r").setExpiresOn(POLICY_END))));
            TableClient customers = tables.createTable("Customers");
            for (int i = 0; i < 50; i++) {
                customers.createEntity(new TableEntity("c" + (i % 5), String.format("%03d", i)).addProperty("N", i));
            }
            tables.createTable("dropped");
            tables.deleteTable("dropped");
            var tableProperties = tables.getProperties();
            tableProperties.setCorsRules(List.of(new com.azure.data.tables.models.TableServiceCorsRule()
                    .setAllowedOrigins("https://tables.example").setAllowedMethods("GET").setAllowedHeaders("*")
                    .setExposedHeaders("*").setMaxAgeInSeconds(60)));
            tables.setProperties(tableProperties);

            QueueServiceClient queues = queues(cerulean);
            QueueClient work = queues.createQueue("work");
            work.setMetadata(Map.of("owner", "ops"));
            work.sendMessage("first");
            work.sendMessage("second");
            QueueMessageItem hidden = work.receiveMessage();
            assertThat(hidden.getBody().toString()).isEqualTo("first");
            work.updateMessage(hidden.getMessageId(), hidden.getPopReceipt(), "first", Duration.ZERO);
            queues.createQueue("empty");
            var queueProperties = queues.getProperties();
            queueProperties.setCors(List.of(new com.azure.storage.queue.models.QueueCorsRule()
                    .setAllowedOrigins("https://queues.example").setAllowedMethods("GET").setAllowedHeaders("*")
                    .setExposedHeaders("*").setMaxAgeInSeconds(60)));
            queues.setProperties(queueProperties);

            BlobServiceClient blobs = blobs(cerulean);
            BlobContainerClient files = blobs.createBlobContainer("files");
            files.setMetadata(Map.of("team", "storage"));
            files.getBlobClient("small.bin").upload(BinaryData.fromString("before"));
            files.getBlobClient("small.bin").createSnapshot();
            files.getBlobClient("small.bin").upload(BinaryData.fromBytes(SMALL), true);
            files.getBlobClient("large.bin").upload(BinaryData.fromBytes(LARGE));
            files.getBlobClient("large.bin").setMetadata(Map.of("kind", "large"));
            AppendBlobClient log = files.getBlobClient("log.txt").getAppendBlobClient();
            log.create();
            log.appendBlock(BinaryData.fromString("one\n").toStream(), 4);
            log.appendBlock(BinaryData.fromString("two\n").toStream(), 4);
            PageBlobClient disk = files.getBlobClient("disk.vhd").getPageBlobClient();
            disk.create(1024);
            byte[] page = new byte[512];
            java.util.Arrays.fill(page, (byte) 7);
            disk.uploadPages(new com.azure.storage.blob.models.PageRange().setStart(512).setEnd(1023),
                    BinaryData.fromBytes(page).toStream());
            blobs.createBlobContainer("gone");
            blobs.deleteBlobContainer("gone");
            var blobProperties = blobs.getProperties();
            blobProperties.setCors(List.of(new com.azure.storage.blob.models.BlobCorsRule()
                    .setAllowedOrigins("https://blobs.example").setAllowedMethods("GET").setAllowedHeaders("*")
                    .setExposedHeaders("*").setMaxAgeInSeconds(60)));
            blobs.setProperties(blobProperties);

            assertTables(tables);
            assertQueues(queues);
            assertBlobs(blobs);
        }
        zip(data, Path.of(System.getProperty("cerulean.fixture.write")));
    }

    private static TableServiceClient tables(Cerulean cerulean) {
        return new TableServiceClientBuilder().connectionString(cerulean.connectionString()).buildClient();
    }

    private static QueueServiceClient queues(Cerulean cerulean) {
        return new QueueServiceClientBuilder().connectionString(cerulean.connectionString()).buildClient();
    }

    private static BlobServiceClient blobs(Cerulean cerulean) {
        return new BlobServiceClientBuilder().connectionString(cerulean.connectionString()).buildClient();
    }

    private static byte[] pattern(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + (i >> 8));
        }
        return bytes;
    }

    private static void unzip(Path dir) throws IOException {
        try (InputStream in = EarlierDataDirectoryTest.class.getResourceAsStream(FIXTURE);
             ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
                Path target = dir.resolve(entry.getName()).normalize();
                assertThat(target.startsWith(dir)).as(entry.getName()).isTrue();
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target);
                }
            }
        }
    }

    private static void zip(Path dir, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out);
             Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.naturalOrder()).collect(Collectors.toList())) {
                if (Files.isDirectory(path) || path.getFileName().toString().equals("LOCK")) {
                    continue;
                }
                zip.putNextEntry(new ZipEntry(dir.relativize(path).toString()));
                try {
                    Files.copy(path, zip);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                zip.closeEntry();
            }
        }
    }
}
