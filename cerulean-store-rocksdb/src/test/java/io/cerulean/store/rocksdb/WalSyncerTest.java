package io.cerulean.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteOptions;

/** Group commit on a real RocksDB: every request is answered, and concurrent writers share syncs. */
class WalSyncerTest {
    private static final int WRITERS = 8;
    private static final int ROUNDS = 300;

    @TempDir
    Path dir;
    private Options options;
    private RocksDB db;
    private WriteOptions unsynced;
    private WalSyncer syncer;

    @BeforeEach
    void open() throws Exception {
        NativeLibrary.load();
        options = new Options().setCreateIfMissing(true);
        db = RocksDB.open(options, dir.toString());
        unsynced = new WriteOptions().setSync(false);
        syncer = new WalSyncer(db);
    }

    @AfterEach
    void close() {
        syncer.close();
        db.close();
        unsynced.close();
        options.close();
    }

    @Test
    void concurrentWritersEachWaitingForTheirWriteShareSyncs() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        try {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                done.add(CompletableFuture.runAsync(() -> {
                    for (int round = 0; round < ROUNDS; round++) {
                        write(writer + "/" + round);
                        syncer.whenDurable().join();
                    }
                }, writers));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        } finally {
            writers.shutdownNow();
        }
        // One sync per request would be WRITERS * ROUNDS; a sync covers every request made while it waited.
        assertThat(syncer.syncs()).isLessThan(WRITERS * ROUNDS / 2);
    }

    @Test
    void aLoneWriterAfterABusySpellIsNotKeptWaitingForCompany() throws Exception {
        concurrentWritersEachWaitingForTheirWriteShareSyncs();
        for (int round = 0; round < 20; round++) {
            write("alone/" + round);
            syncer.whenDurable().get(5, TimeUnit.SECONDS);
        }
        assertThat(db.get(bytes("alone/19"))).isNotNull();
    }

    @Test
    void whatWasAskedForBeforeCloseIsSyncedOrRefusedNeverLeftHanging() throws Exception {
        List<CompletableFuture<Void>> asked = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
            write("before-close/" + round);
            asked.add(syncer.whenDurable());
        }
        syncer.close();
        for (CompletableFuture<Void> request : asked) {
            assertThat(request).succeedsWithin(java.time.Duration.ofSeconds(5));
        }
    }

    private void write(String key) {
        try {
            db.put(unsynced, bytes(key), bytes("v"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
