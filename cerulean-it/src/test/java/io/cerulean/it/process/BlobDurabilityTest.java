package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Blob service promises about its blobs when the process is killed: writers upload blobs
 * to RocksDB until {@code kill -9}, half of them in one Put Blob, half as staged blocks and a Put
 * Block List, each writer on a few names of its own so that uploads also replace blobs. The SHA-256
 * of every upload is recorded before it is sent and marked acknowledged when the server answers.
 * After a restart, a blob whose upload was acknowledged reads back byte for byte as its last
 * acknowledged version, or as the version whose upload the kill cut (which may have been committed);
 * a blob never acknowledged is absent or whole; no blob is part of one version and part of another,
 * or cut short; and nothing is there that no writer sent.
 */
class BlobDurabilityTest {
    private static final int WRITERS = 6;
    private static final int NAMES_PER_WRITER = 4;
    private static final int MAX_BYTES = 1536 * 1024;
    /** Half the uploads are this small or smaller: beside RocksDB they live in its own records, not in files. */
    private static final int SMALL_BYTES = 16 * 1024;

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void acknowledgedBlobsSurviveKill9AndNoneIsHalfCommitted() throws Exception {
        Path dataDir = temp.resolve("blob-durability-data");
        Map<String, String> acknowledged = new ConcurrentHashMap<>(); // name -> SHA-256 of its last acknowledged upload
        Map<String, String> cut = new ConcurrentHashMap<>(); // name -> SHA-256 of the upload the kill interrupted
        Set<String> attemptedDigests = ConcurrentHashMap.newKeySet();
        ConcurrentLinkedQueue<String> failuresBeforeKill = new ConcurrentLinkedQueue<>();
        AtomicBoolean killed = new AtomicBoolean();
        int[] uploads = new int[2]; // single, staged: acknowledged, for the report
        String serverOutput;

        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).start()) {
            container(server).create();
            CountDownLatch going = new CountDownLatch(WRITERS);
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                BlobContainerClient container = container(server);
                threads.add(new Thread(() -> {
                    Random random = new Random(writer);
                    for (int i = 0; !killed.get(); i++) {
                        String name = "w" + writer + "/blob-" + (i % NAMES_PER_WRITER);
                        byte[] bytes = new byte[i % 4 < 2 ? 1 + random.nextInt(SMALL_BYTES) : random.nextInt(MAX_BYTES)];
                        random.nextBytes(bytes);
                        String digest = sha256(bytes);
                        attemptedDigests.add(digest);
                        boolean staged = i % 2 == 1;
                        try {
                            BlockBlobClient blob = container.getBlobClient(name).getBlockBlobClient();
                            if (staged) {
                                stageAndCommit(blob, bytes, i);
                            } else {
                                blob.upload(new ByteArrayInputStream(bytes), bytes.length, true);
                            }
                            acknowledged.put(name, digest);
                            synchronized (uploads) {
                                uploads[staged ? 1 : 0]++;
                            }
                            if (i == NAMES_PER_WRITER) {
                                going.countDown();
                            }
                        } catch (RuntimeException e) {
                            if (!killed.get()) {
                                failuresBeforeKill.add(name + ": " + e);
                            } else {
                                cut.put(name, digest);
                            }
                            return;
                        }
                    }
                }, "writer-" + w));
            }
            threads.forEach(t -> {
                t.setDaemon(true);
                t.start();
            });
            assertThat(going.await(60, TimeUnit.SECONDS)).as("writers got going%s", server.describe()).isTrue();
            Thread.sleep(3000); // not a wait for a condition: the point is to keep them busy for a while
            killed.set(true);
            server.kill();
            serverOutput = server.output();
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(thread.isAlive()).as("%s stopped after the kill", thread.getName()).isFalse();
            }
        }
        assertThat(failuresBeforeKill).as("requests that failed while the server was up").isEmpty();
        System.out.printf("blob kill-9: %d Put Blob and %d Put Block List acknowledged, %d uploads cut, %d names%n",
                uploads[0], uploads[1], cut.size(), acknowledged.size());

        try (ServerProcess restarted = ServerProcess.launch().dataDir(dataDir).start()) {
            BlobContainerClient container = container(restarted);
            String context = "\nbefore the kill:\n" + serverOutput.indent(2) + "after the restart:" + restarted.describe();
            Set<String> names = new TreeSet<>(acknowledged.keySet());
            names.addAll(cut.keySet());
            List<String> wrong = new ArrayList<>();
            for (String name : names) {
                String stored = storedDigest(container, name);
                Set<String> allowed = new TreeSet<>();
                if (acknowledged.containsKey(name)) {
                    allowed.add(acknowledged.get(name));
                }
                if (cut.containsKey(name)) {
                    allowed.add(cut.get(name));
                }
                boolean mayBeAbsent = !acknowledged.containsKey(name);
                if (stored == null ? !mayBeAbsent : !allowed.contains(stored)) {
                    wrong.add(name + ": stored " + describe(stored, attemptedDigests) + ", acknowledged "
                            + acknowledged.get(name) + ", cut " + cut.get(name));
                }
            }
            assertThat(wrong).as("blobs not as last acknowledged, nor as the upload cut%s", context).isEmpty();
            List<String> unknown = new ArrayList<>();
            for (BlobItem item : container.listBlobs()) {
                if (!names.contains(item.getName())) {
                    unknown.add(item.getName());
                }
            }
            assertThat(unknown).as("blobs no writer sent%s", context).isEmpty();
        }
    }

    /** Stages the bytes as up to four blocks of ids of one length, then commits them in order. */
    private static void stageAndCommit(BlockBlobClient blob, byte[] bytes, int attempt) {
        int blocks = Math.max(1, Math.min(4, bytes.length / (128 * 1024)));
        List<String> ids = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            int from = bytes.length * b / blocks;
            int to = bytes.length * (b + 1) / blocks;
            String id = Base64.getEncoder().encodeToString(
                    String.format("%08d-%02d", attempt, b).getBytes(StandardCharsets.US_ASCII));
            blob.stageBlock(id, BinaryData.fromBytes(Arrays.copyOfRange(bytes, from, to)));
            ids.add(id);
        }
        blob.commitBlockList(ids, true);
    }

    /** The SHA-256 of the blob as stored, or null when there is no such blob. */
    private static String storedDigest(BlobContainerClient container, String name) {
        try {
            return sha256(container.getBlobClient(name).downloadContent().toBytes());
        } catch (BlobStorageException e) {
            if (e.getStatusCode() == 404) {
                return null;
            }
            throw e;
        }
    }

    private static String describe(String stored, Set<String> attempted) {
        if (stored == null) {
            return "nothing";
        }
        return stored + (attempted.contains(stored) ? " (an upload of another name or an older one)" : " (bytes no writer sent)");
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(GeneratedBytes.sha256().digest(bytes));
    }

    private static BlobContainerClient container(ServerProcess server) {
        return new BlobServiceClientBuilder().connectionString(server.blobConnectionString())
                .clientOptions(ServerProcess.fastFailing())
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, Duration.ofSeconds(15), null, null, null))
                .buildClient().getBlobContainerClient("durable");
    }
}
