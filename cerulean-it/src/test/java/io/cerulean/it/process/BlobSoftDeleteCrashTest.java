package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Soft delete under {@code kill -9}: with a delete retention policy, Delete Blob marks the blob's row
 * deleted and Undelete Blob brings it back. Writers upload, overwrite, delete and undelete their own blobs;
 * after each restart every blob is as its last acknowledged write left it (or as the write the kill
 * cut): an acknowledged delete lists as deleted with include=deleted and not at all without, an
 * acknowledged undelete or upload is live and reads back its bytes.
 */
class BlobSoftDeleteCrashTest {
    private static final int WRITERS = 6;
    private static final int NAMES_PER_WRITER = 4;

    enum State { ABSENT, LIVE, DELETED }

    private final Map<String, State> acknowledged = new ConcurrentHashMap<>();
    private final Map<String, State> cut = new ConcurrentHashMap<>();

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void acknowledgedDeletesAndUndeletesSurviveKill9() throws Exception {
        new KillRounds(temp.resolve("soft-delete-data"), WRITERS).run(new KillRounds.Workload() {
            @Override
            public void prepare(BlobServiceClient service) {
                service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                        .setEnabled(true).setDays(7)));
                service.createBlobContainer("kept");
            }

            @Override
            public RuntimeException write(BlobServiceClient service, int writer, Random random, AtomicBoolean killed,
                                          AtomicInteger acks) {
                return writeUntilKilled(service.getBlobContainerClient("kept"), writer, random, killed, acks);
            }

            @Override
            public void check(BlobServiceClient service, String context) {
                checkStates(service.getBlobContainerClient("kept"), context);
            }
        }, 3, 60, 1500);
    }

    private RuntimeException writeUntilKilled(BlobContainerClient container, int writer, Random random,
                                              AtomicBoolean killed, AtomicInteger acks) {
        while (!killed.get()) {
            String name = "w" + writer + "-" + random.nextInt(NAMES_PER_WRITER);
            BlobClient blob = container.getBlobClient(name);
            State now = acknowledged.getOrDefault(name, State.ABSENT);
            // A live blob overwritten keeps what it was as a soft-deleted snapshot, in the same commit.
            boolean overwrite = now == State.LIVE && random.nextInt(4) == 0;
            State next = now == State.LIVE && !overwrite ? State.DELETED : State.LIVE;
            try {
                switch (now) {
                    case ABSENT -> upload(blob, name);
                    case LIVE -> {
                        if (overwrite) {
                            upload(blob, name);
                        } else {
                            blob.delete();
                        }
                    }
                    case DELETED -> blob.undelete();
                }
            } catch (RuntimeException e) {
                if (killed.get()) {
                    cut.put(name, next);
                }
                return e;
            }
            acknowledged.put(name, next);
            acks.incrementAndGet();
        }
        return null;
    }

    private static void upload(BlobClient blob, String name) {
        blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(name)), null, Context.NONE);
    }

    private void checkStates(BlobContainerClient container, String context) {
        Map<String, State> listed = new TreeMap<>();
        for (BlobItem item : container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveDeletedBlobs(true)), null)) {
            State state = Boolean.TRUE.equals(item.isDeleted()) ? State.DELETED : State.LIVE;
            State other = listed.put(item.getName(), state);
            assertThat(other).as("%s listed once%s", item.getName(), context).isNull();
        }
        Set<String> live = new TreeSet<>();
        container.listBlobs().forEach(item -> live.add(item.getName()));
        List<String> wrong = new ArrayList<>();
        Set<String> names = new TreeSet<>(acknowledged.keySet());
        names.addAll(cut.keySet());
        names.addAll(listed.keySet());
        for (String name : names) {
            State stored = listed.getOrDefault(name, State.ABSENT);
            State ack = acknowledged.getOrDefault(name, State.ABSENT);
            if (stored != ack && stored != cut.get(name)) {
                wrong.add(name + ": " + stored + ", acknowledged " + ack + ", cut " + cut.get(name));
            }
            if (live.contains(name) != (stored == State.LIVE)) {
                wrong.add(name + ": " + stored + " with include=deleted, but " + (live.contains(name) ? "" : "not ")
                        + "listed without");
            }
            if (stored == State.LIVE && !name.equals(container.getBlobClient(name).downloadContent().toString())) {
                wrong.add(name + ": live, but does not read back its bytes");
            }
            acknowledged.put(name, stored); // where the next round starts
        }
        cut.clear();
        assertThat(wrong).as("blobs after the restart%s", context).isEmpty();
    }
}
