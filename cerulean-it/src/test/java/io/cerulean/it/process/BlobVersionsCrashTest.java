package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
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
 * Blob versions under {@code kill -9}: with {@code --blob-versioning}, every overwrite commits the
 * new blob row and the replaced blob's version row together. Writers overwrite their own blobs;
 * after each restart every acknowledged version id reads back its bytes, a listing with versions
 * holds no id twice and nothing no writer sent, and each blob's current version is its last
 * acknowledged upload or the upload the kill cut.
 */
class BlobVersionsCrashTest {
    private static final int WRITERS = 6;
    private static final int NAMES_PER_WRITER = 3;

    /** Acknowledged version ids and their text, by blob name. */
    private final Map<String, Map<String, String>> versions = new ConcurrentHashMap<>();
    /** The text of each blob's last acknowledged upload. */
    private final Map<String, String> current = new ConcurrentHashMap<>();
    /** The text of the upload the kill cut, by blob name. */
    private final Map<String, String> cut = new ConcurrentHashMap<>();

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void acknowledgedVersionsSurviveKill9() throws Exception {
        new KillRounds(temp.resolve("versions-data"), WRITERS, "--blob-versioning").run(new KillRounds.Workload() {
            @Override
            public void prepare(BlobServiceClient service) {
                service.createBlobContainer("versioned");
            }

            @Override
            public RuntimeException write(BlobServiceClient service, int writer, Random random, AtomicBoolean killed,
                                          AtomicInteger acks) {
                return writeUntilKilled(service.getBlobContainerClient("versioned"), writer, random, killed, acks);
            }

            @Override
            public void check(BlobServiceClient service, String context) {
                checkVersions(service.getBlobContainerClient("versioned"), context);
            }
        }, 3, 60, 1500);
    }

    private RuntimeException writeUntilKilled(BlobContainerClient container, int writer, Random random,
                                              AtomicBoolean killed, AtomicInteger acks) {
        while (!killed.get()) {
            String name = "w" + writer + "-" + random.nextInt(NAMES_PER_WRITER);
            String text = name + " " + Long.toHexString(random.nextLong());
            BlobClient blob = container.getBlobClient(name);
            String versionId;
            try {
                versionId = blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(text)), null,
                        Context.NONE).getValue().getVersionId();
            } catch (RuntimeException e) {
                if (killed.get()) {
                    cut.put(name, text);
                }
                return e;
            }
            String before = versions.computeIfAbsent(name, n -> new ConcurrentHashMap<>()).put(versionId, text);
            if (before != null) {
                return new IllegalStateException("version id " + versionId + " of " + name + " given twice");
            }
            current.put(name, text);
            acks.incrementAndGet();
        }
        return null;
    }

    private void checkVersions(BlobContainerClient container, String context) {
        List<String> wrong = new ArrayList<>();
        Map<String, Set<String>> listed = new TreeMap<>();
        Map<String, String> currentIds = new TreeMap<>();
        for (BlobItem item : container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveVersions(true)), null)) {
            if (!listed.computeIfAbsent(item.getName(), n -> new TreeSet<>()).add(item.getVersionId())) {
                wrong.add(item.getName() + ": version " + item.getVersionId() + " listed twice");
            }
            if (Boolean.TRUE.equals(item.isCurrentVersion())) {
                currentIds.put(item.getName(), item.getVersionId());
            }
        }
        Set<String> names = new TreeSet<>(listed.keySet());
        names.addAll(versions.keySet());
        names.addAll(cut.keySet());
        for (String name : names) {
            BlobClient blob = container.getBlobClient(name);
            Map<String, String> known = versions.computeIfAbsent(name, n -> new ConcurrentHashMap<>());
            Set<String> ids = listed.getOrDefault(name, Set.of());
            known.forEach((id, text) -> {
                if (!ids.contains(id)) {
                    wrong.add(name + ": acknowledged version " + id + " not listed");
                } else if (!text.equals(blob.getVersionClient(id).downloadContent().toString())) {
                    wrong.add(name + ": version " + id + " does not read back as acknowledged");
                }
            });
            for (String id : ids) {
                if (!known.containsKey(id)) {
                    String text = blob.getVersionClient(id).downloadContent().toString();
                    if (text.equals(cut.get(name))) {
                        known.put(id, text); // the cut upload landed: an acknowledged version from now on
                    } else {
                        wrong.add(name + ": version " + id + " holds " + text + ", which no upload sent");
                    }
                }
            }
            String currentId = currentIds.get(name);
            String currentText = currentId == null ? null : known.get(currentId);
            if (currentId == null && current.get(name) == null) {
                continue; // only a first upload, cut, and it did not land
            }
            if (currentText == null || !currentText.equals(current.get(name)) && !currentText.equals(cut.get(name))) {
                wrong.add(name + ": current version " + currentId + " holds " + currentText + ", acknowledged "
                        + current.get(name) + ", cut " + cut.get(name));
            } else {
                current.put(name, currentText);
            }
        }
        cut.clear();
        assertThat(wrong).as("versions after the restart%s", context).isEmpty();
    }
}
