package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.models.PublicAccessType;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.blob.specialized.PageBlobClient;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CopyBlobsTest {
    private static RunningServer source;
    private static RunningServer destination;

    @BeforeAll
    static void start() {
        source = ServerFixture.IN_MEMORY.start();
        destination = ServerFixture.IN_MEMORY.start();
    }

    @AfterAll
    static void stop() {
        source.close();
        destination.close();
    }

    @Test
    void aContainerArrivesWithEachBlobsBlocksPagesPropertiesMetadataAndTags() throws Exception {
        BlobContainerClient from = blobs(source).getBlobContainerClient("photos");
        fill(from);

        CopyCli.Result copy = CopyCli.run(source.connectionString(), destination.connectionString(), "--container", "photos",
                "--parallel", "3");

        assertThat(copy.exit()).as(copy.both()).isZero();
        assertThat(copy.err()).contains("1 container(s), 5 blobs");
        BlobAssertions.sameContainers(from, blobs(destination).getBlobContainerClient("photos"));
        assertThat(BlobAssertions.pageRanges(blobs(destination).getBlobContainerClient("photos").getBlobClient("disk.vhd")))
                .as("sparse: only the pages written").hasSize(2);
    }

    /**
     * A 64 MiB blob of two 32 MiB blocks, copied by a JVM whose heap (40 MiB, direct buffers 16 MiB)
     * could not hold the blob nor even one block: the copy streams.
     */
    @Test
    void aBlobLargerThanTheCopysHeapIsStreamed() throws Exception {
        BlobContainerClient from = blobs(source).getBlobContainerClient("big");
        from.create();
        BlockBlobClient big = from.getBlobClient("64MiB.bin").getBlockBlobClient();
        long half = 32L * 1024 * 1024;
        big.stageBlock(id("half-1"), new Pattern(1, half), half);
        big.stageBlock(id("half-2"), new Pattern(2, half), half);
        big.commitBlockList(List.of(id("half-1"), id("half-2")));

        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx40m", "-XX:MaxDirectMemorySize=16m", "-cp", System.getProperty("java.class.path"),
                "io.cerulean.app.Main", "copy", "env:CERULEAN_COPY_SOURCE", "env:CERULEAN_COPY_DEST",
                "--container", "big", "--parallel", "2", "--quiet");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("CERULEAN_COPY_SOURCE", source.connectionString());
        builder.environment().put("CERULEAN_COPY_DEST", destination.connectionString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(output).isZero();

        BlobAssertions.sameBlobs(from.getBlobClient("64MiB.bin"), blobs(destination).getBlobContainerClient("big").getBlobClient("64MiB.bin"));
    }

    /** {@code length} bytes of a simple pattern of {@code seed}, made as they are read (and made again after a reset, for the SDK's retries). */
    private static final class Pattern extends java.io.InputStream {
        private final long seed;
        private long left;
        private long position;

        Pattern(long seed, long length) {
            this.seed = seed;
            this.left = length;
        }

        @Override
        public int read() {
            if (left == 0) {
                return -1;
            }
            left--;
            long p = position++;
            return (int) ((p * 31 + seed * 17 + (p >>> 13)) & 0xFF);
        }

        private long markPosition;
        private long markLeft;

        @Override
        public boolean markSupported() {
            return true;
        }

        @Override
        public synchronized void mark(int limit) {
            markPosition = position;
            markLeft = left;
        }

        @Override
        public synchronized void reset() {
            position = markPosition;
            left = markLeft;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (left == 0) {
                return -1;
            }
            int n = (int) Math.min(length, left);
            for (int i = 0; i < n; i++) {
                buffer[offset + i] = (byte) read();
            }
            return n;
        }
    }

    @Test
    void aReadOnlySasUrlOfTheSourceContainerNamesWhatIsCopied() throws Exception {
        BlobContainerClient from = blobs(source).getBlobContainerClient("readable");
        from.create();
        from.getBlobClient("a.txt").upload(BinaryData.fromString("alpha"));
        from.getBlobClient("b/c.txt").upload(BinaryData.fromString("gamma"));
        String sas = from.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobContainerSasPermission().setReadPermission(true).setListPermission(true)));

        CopyCli.Result copy = CopyCli.run(from.getBlobContainerUrl() + "?" + sas, destination.connectionString());

        assertThat(copy.exit()).as(copy.both()).isZero();
        assertThat(copy.both()).doesNotContain("sig=").doesNotContain(sas);
        BlobContainerClient to = blobs(destination).getBlobContainerClient("readable");
        assertThat(to.getBlobClient("b/c.txt").downloadContent().toString()).isEqualTo("gamma");
        BlobAssertions.sameBlobs(from.getBlobClient("a.txt"), to.getBlobClient("a.txt"));
    }

    @Test
    void aDestinationSasWithoutWritePermissionStopsTheCopyWithTheServicesError() {
        BlobContainerClient from = blobs(source).getBlobContainerClient("unwritable");
        from.create();
        from.getBlobClient("a.txt").upload(BinaryData.fromString("alpha"));
        BlobContainerClient to = blobs(destination).getBlobContainerClient("unwritable");
        to.create();
        String sas = to.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobContainerSasPermission().setReadPermission(true).setListPermission(true)));

        CopyCli.Result copy = CopyCli.run(source.connectionString(), to.getBlobContainerUrl() + "?" + sas, "--container", "unwritable");

        assertThat(copy.exit()).as(copy.both()).isEqualTo(2);
        assertThat(copy.err()).contains("403 AuthorizationPermissionMismatch");
        assertThat(to.exists()).isTrue();
        assertThat(to.getBlobClient("a.txt").exists()).isFalse();
    }

    @Test
    void anUnreachableEndpointExitsWith2() {
        String closed = source.connectionString().replaceAll(":\\d+/", ":9/");

        CopyCli.Result copy = CopyCli.run(closed, destination.connectionString(), "--container", "photos", "--quiet");

        assertThat(copy.exit()).as(copy.both()).isEqualTo(2);
        assertThat(copy.err()).contains("unreachable");
    }

    @Test
    void nothingNamedToCopyIsBadUsage() {
        CopyCli.Result copy = CopyCli.run(source.connectionString(), destination.connectionString());

        assertThat(copy.exit()).as(copy.both()).isEqualTo(4);
        assertThat(copy.err()).contains("--container");
    }

    /** A block blob of several blocks, one of one Put Blob, an append blob, a sparse page blob, a tiered one. */
    static void fill(BlobContainerClient container) throws Exception {
        container.createWithResponse(Map.of("owner", "ana"), PublicAccessType.BLOB, null, Context.NONE);
        Random random = new Random(42);
        BlockBlobClient blocks = container.getBlobClient("blocks.bin").getBlockBlobClient();
        byte[][] parts = {bytes(random, 1024 * 1024), bytes(random, 300 * 1024 + 7), bytes(random, 5 * 1024 * 1024 + 1)};
        List<String> ids = List.of(id("block-1"), id("block-2"), id("block-3"));
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        for (int i = 0; i < parts.length; i++) {
            blocks.stageBlock(ids.get(i), BinaryData.fromBytes(parts[i]));
            md5.update(parts[i]);
        }
        blocks.commitBlockListWithResponse(new BlockBlobCommitBlockListOptions(ids)
                .setHeaders(new BlobHttpHeaders().setContentType("application/x-thing").setContentEncoding("identity")
                        .setContentLanguage("pt-BR").setContentDisposition("attachment; filename=blocks.bin")
                        .setCacheControl("max-age=60").setContentMd5(md5.digest()))
                .setMetadata(Map.of("kind", "blocks", "n", "3")).setTags(Map.of("project", "alpha", "stage", "2")), null, Context.NONE);

        container.getBlobClient("one-put.txt").getBlockBlobClient().uploadWithResponse(
                new BlockBlobSimpleUploadOptions(BinaryData.fromString("put whole")).setHeaders(new BlobHttpHeaders()
                        .setContentType("text/plain")).setTier(AccessTier.COOL), null, Context.NONE);

        var append = container.getBlobClient("log.txt").getAppendBlobClient();
        append.createWithResponse(new BlobHttpHeaders().setContentType("text/plain"), Map.of("kind", "log"), null, null, Context.NONE);
        for (int i = 0; i < 3; i++) {
            append.appendBlock(BinaryData.fromString("line " + i + "\n").toStream(), ("line " + i + "\n").length());
        }

        PageBlobClient page = container.getBlobClient("disk.vhd").getPageBlobClient();
        page.create(16L * 1024 * 1024);
        page.uploadPages(new PageRange().setStart(0).setEnd(511), BinaryData.fromBytes(bytes(random, 512)).toStream());
        page.uploadPages(new PageRange().setStart(8L * 1024 * 1024).setEnd(8L * 1024 * 1024 + 4095),
                BinaryData.fromBytes(bytes(random, 4096)).toStream());
        page.setMetadata(Map.of("kind", "disk"));

        container.getBlobClient("empty").getBlockBlobClient().upload(BinaryData.fromBytes(new byte[0]));
    }

    private static byte[] bytes(Random random, int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    static String id(String name) {
        return Base64.getEncoder().encodeToString(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static BlobServiceClient blobs(RunningServer server) {
        return new BlobServiceClientBuilder().connectionString(server.connectionString()).buildClient();
    }
}
