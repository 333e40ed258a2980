package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.Block;
import com.azure.storage.blob.models.BlockListType;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Blob service streams: the server, started as users start it ({@code cerulean serve}, the
 * launcher's 96 MB heap) on RocksDB, takes a 1 GiB blob through the Java SDK (its default transfer
 * options: 4 MiB blocks, eight at a time, Put Block List) and serves ten concurrent 100 MiB ranged
 * downloads, while its resident set size stays far below the bytes that pass through it. The RSS
 * is sampled from {@code /proc/<pid>/status} every 150 ms; the bytes are compared by SHA-256 with
 * those the test generated ({@link GeneratedBytes}: never held in memory, on either side).
 *
 * <p>Prints what it measured (RSS before, peaks, MB/s) so that the figures show in the test output.
 * Linux only (it reads /proc).
 */
class BlobMemoryTest {
    private static final long MiB = 1024 * 1024;
    private static final long BLOB_BYTES = 1024 * MiB;
    private static final long RANGE_BYTES = 100 * MiB;
    private static final int DOWNLOADS = 10;
    private static final long SEED = 20261126L;
    /**
     * How much the server's RSS may grow above what it was before the upload, upload and downloads
     * alike. Measured on a busy 2-core machine: 116 MB before, then about +50 MB during the upload
     * and +55 MB during the downloads (buffers and arenas filling once; none of it scales with the
     * blob). The bound leaves room for four times that; a server that held the blob, or the ten
     * ranges, in memory would grow by 1 GiB.
     */
    private static final long MAX_GROWTH_BYTES = 200 * MiB;

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aGigabyteUploadAndTenConcurrentDownloadsDoNotGrowTheServer() throws Exception {
        assertThat(Path.of("/proc/self/status")).as("this test reads /proc").exists();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < DOWNLOADS; i++) {
            expected.add(GeneratedBytes.sha256(SEED, i * RANGE_BYTES, RANGE_BYTES));
        }
        String tail = GeneratedBytes.sha256(SEED, DOWNLOADS * RANGE_BYTES, BLOB_BYTES - DOWNLOADS * RANGE_BYTES);

        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data")).start();
             RssSampler rss = new RssSampler(server.pid())) {
            BlobContainerClient container = new BlobServiceClientBuilder()
                    .connectionString(server.blobConnectionString()).buildClient().createBlobContainer("memory");
            BlobClient blob = container.getBlobClient("one-gigabyte.bin");
            Thread.sleep(1000); // the server settles after its first requests
            long before = rss.reset();

            long started = System.nanoTime();
            blob.upload(new GeneratedBytes(SEED, 0, BLOB_BYTES), BLOB_BYTES);
            double uploadSeconds = (System.nanoTime() - started) / 1e9;
            long uploadPeak = rss.peakAndReset();
            assertThat(blob.getProperties().getBlobSize()).isEqualTo(BLOB_BYTES);
            List<Block> blocks = blob.getBlockBlobClient().listBlocks(BlockListType.COMMITTED).getCommittedBlocks();

            ExecutorService pool = Executors.newFixedThreadPool(DOWNLOADS);
            List<Future<String>> downloads = new ArrayList<>();
            started = System.nanoTime();
            try {
                for (int i = 0; i < DOWNLOADS; i++) {
                    BlobRange range = new BlobRange(i * RANGE_BYTES, RANGE_BYTES);
                    downloads.add(pool.submit(() -> download(blob, range)));
                }
                for (int i = 0; i < DOWNLOADS; i++) {
                    assertThat(downloads.get(i).get(180, TimeUnit.SECONDS)).as("SHA-256 of range %d", i)
                            .isEqualTo(expected.get(i));
                }
            } finally {
                pool.shutdownNow();
            }
            double downloadSeconds = (System.nanoTime() - started) / 1e9;
            long downloadPeak = rss.peakAndReset();
            assertThat(download(blob, new BlobRange(DOWNLOADS * RANGE_BYTES))).as("SHA-256 of the last 24 MiB")
                    .isEqualTo(tail);

            System.out.printf("blob memory: RSS before %d MB; peak during the 1 GiB upload (%d blocks of %d MiB) %d MB"
                            + " (+%d MB), %.1f s, %.0f MB/s; peak during %d concurrent 100 MiB downloads %d MB (+%d MB), "
                            + "%.1f s, %.0f MB/s in all; %d samples; data dir %d MB%n",
                    before / MiB, blocks.size(), blocks.get(0).getSizeLong() / MiB, uploadPeak / MiB,
                    (uploadPeak - before) / MiB, uploadSeconds,
                    BLOB_BYTES / MiB / uploadSeconds, DOWNLOADS, downloadPeak / MiB, (downloadPeak - before) / MiB,
                    downloadSeconds, DOWNLOADS * RANGE_BYTES / MiB / downloadSeconds, rss.samples(),
                    sizeOf(temp.resolve("data")) / MiB);
            assertThat(rss.samples()).as("RSS samples taken").isGreaterThan(10);
            assertThat(uploadPeak - before).as("RSS growth during the 1 GiB upload").isLessThan(MAX_GROWTH_BYTES);
            assertThat(downloadPeak - before).as("RSS growth during the downloads").isLessThan(MAX_GROWTH_BYTES);
        }
    }

    /** Downloads a range in one GET, streamed into a digest and discarded; returns its SHA-256. */
    private static String download(BlobClient blob, BlobRange range) {
        MessageDigest digest = GeneratedBytes.sha256();
        try (DigestOutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), digest)) {
            blob.downloadStreamWithResponse(out, range, null, null, false, null, Context.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static long sizeOf(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    /** Samples a process's VmRSS every 150 ms on a thread of its own, keeping the peak since the last reset. */
    private static final class RssSampler implements AutoCloseable {
        private static final Pattern VM_RSS = Pattern.compile("VmRSS:\\s+(\\d+) kB");
        private final Path status;
        private final AtomicLong peak = new AtomicLong();
        private final AtomicLong samples = new AtomicLong();
        private final Thread thread;

        RssSampler(long pid) {
            this.status = Path.of("/proc", Long.toString(pid), "status");
            this.thread = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    sampleNow();
                    try {
                        Thread.sleep(150);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "rss-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        /** Reads VmRSS now, in bytes, and counts it toward the peak. */
        long sampleNow() {
            try {
                Matcher m = VM_RSS.matcher(Files.readString(status));
                if (!m.find()) {
                    throw new IllegalStateException("no VmRSS in " + status);
                }
                long bytes = Long.parseLong(m.group(1)) * 1024;
                peak.accumulateAndGet(bytes, Math::max);
                samples.incrementAndGet();
                return bytes;
            } catch (IOException e) {
                return 0; // the process is gone; the test fails on its requests
            }
        }

        /** Starts a period from the RSS now, which it returns. */
        long reset() {
            long now = sampleNow();
            peak.set(now);
            return now;
        }

        /** The highest RSS since the last reset; the next period starts from the RSS now. */
        long peakAndReset() {
            long highest = peak.get();
            peak.set(sampleNow());
            return Math.max(highest, peak.get());
        }

        long samples() {
            return samples.get();
        }

        @Override
        public void close() throws InterruptedException {
            thread.interrupt();
            thread.join(1000);
        }
    }
}
