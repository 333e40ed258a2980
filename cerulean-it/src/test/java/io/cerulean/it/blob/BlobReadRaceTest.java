package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.PublicAccessType;
import com.azure.storage.blob.specialized.BlockBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Get Blob racing overwrites: a read that has begun finishes with the version it began on, whole,
 * however the blob is replaced meanwhile (Put Blob small or large, Put Block List). Every version's
 * bytes are its number as 4-byte words, so a body is checked against the version its first word
 * names, and its ETag against that version's.
 */
class BlobReadRaceTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final int READERS = 16;
    private static final int READS = 2_000;
    private static final Duration LONGEST = Duration.ofSeconds(8);
    private static final int SMALL = 10 * 1024 + 1; // inline content
    private static final int LARGE = 3 * BlobData.MIB + 3; // a file beside RocksDB
    private static final int BLOCK = 600 * 1024; // four of them in a block list

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /** Version {@code v}'s bytes: a small or large Put Blob, or a block list, by {@code v % 3}. */
    private static byte[] version(int v) {
        int size = switch (v % 3) {
            case 0 -> SMALL;
            case 1 -> LARGE;
            default -> 4 * BLOCK;
        };
        ByteBuffer bytes = ByteBuffer.allocate(size + 3);
        while (bytes.position() < size) {
            bytes.putInt(v);
        }
        return Arrays.copyOf(bytes.array(), size);
    }

    private static String write(BlobClient blob, int v) {
        byte[] bytes = version(v);
        if (v % 3 != 2) {
            return blob.uploadWithResponse(new com.azure.storage.blob.options.BlobParallelUploadOptions(
                    BinaryData.fromBytes(bytes)), null, null).getValue().getETag();
        }
        BlockBlobClient blocks = blob.getBlockBlobClient();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String id = Base64.getEncoder().encodeToString(String.format("v%08d-%d", v, i).getBytes());
            blocks.stageBlock(id, BinaryData.fromBytes(Arrays.copyOfRange(bytes, i * BLOCK, (i + 1) * BLOCK)));
            ids.add(id);
        }
        return blocks.commitBlockList(ids, true).getETag();
    }

    private record Read(int status, long declared, byte[] body, String etag, String failure) {
    }

    private static Read read(HttpClient http, URI uri) {
        HttpResponse<InputStream> response;
        try {
            response = http.send(HttpRequest.newBuilder(uri).header("x-ms-version", "2021-08-06").GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            return new Read(0, -1, new byte[0], null, "no answer: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
        String etag = response.headers().firstValue("ETag").map(e -> e.replace("\"", "")).orElse(null);
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        String failure = null;
        try (InputStream in = response.body()) {
            in.transferTo(body);
        } catch (IOException e) {
            failure = e.toString();
        }
        return new Read(response.statusCode(), declared, body.toByteArray(), etag, failure);
    }

    @ParameterizedTest
    @EachStore
    void readsRacingOverwritesReturnOneWholeVersionEach(ServerFixture store) throws Exception {
        BlobContainerClient container = SERVERS.newContainer(store, "race");
        container.setAccessPolicy(PublicAccessType.BLOB, null);
        BlobClient blob = container.getBlobClient("raced.bin");
        Map<Integer, String> etags = new ConcurrentHashMap<>();
        etags.put(1, write(blob, 1));
        URI uri = URI.create(blob.getBlobUrl());
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger reads = new AtomicInteger();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Read> checked = new ConcurrentLinkedQueue<>();
        long deadline = System.nanoTime() + LONGEST.toNanos();
        Thread writer = new Thread(() -> {
            for (int v = 2; !done.get(); v++) {
                etags.put(v, write(blob, v));
            }
        });
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < READERS; i++) {
            readers.add(new Thread(() -> {
                while (!done.get()) {
                    Read read = read(http, uri);
                    if (read.failure() != null || read.status() != 200 || read.body().length != read.declared()) {
                        failures.add("status " + read.status() + ", " + read.body().length + " of " + read.declared()
                                + " bytes" + (read.failure() == null ? "" : ", " + read.failure()));
                    } else {
                        checked.add(new Read(read.status(), read.declared(), read.body(), read.etag(), null));
                    }
                    if (reads.incrementAndGet() >= READS || System.nanoTime() > deadline) {
                        done.set(true);
                    }
                }
            }));
        }
        writer.start();
        readers.forEach(Thread::start);
        for (Thread reader : readers) {
            reader.join();
        }
        writer.join();

        assertThat(failures.size()).as("reads cut off, of %d; the first: %s", reads.get(),
                failures.stream().limit(3).toList()).isZero();
        int versionsRead = 0;
        for (Read read : checked) {
            int v = ByteBuffer.wrap(read.body()).getInt();
            assertThat(etags).as("a version written").containsKey(v);
            assertThat(read.body()).as("version %d whole", v).isEqualTo(version(v));
            assertThat(read.etag()).as("version %d's ETag", v).isEqualTo(etags.get(v));
            versionsRead = Math.max(versionsRead, v);
        }
        assertThat(versionsRead).as("reads saw the blob replaced").isGreaterThan(3);
    }
}
