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
import com.azure.storage.blob.models.TaggedBlobItem;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blob index tags under {@code kill -9}: a blob's tags are its row's, its index entries are rows of
 * other partitions, and a kill can fall between the commits. Writers put blobs with tags and
 * without, set tags (none too), overwrite and delete their own blobs; after each restart every blob
 * has its last acknowledged tags, or those of the write the kill cut, and Find Blobs by Tags answers
 * each tag with exactly the blobs whose tags, as a listing with include=tags reads them from the blob
 * rows, hold it.
 */
class BlobTagsCrashTest {
    private static final int WRITERS = 6;
    private static final int NAMES_PER_WRITER = 5;
    private static final Map<String, List<String>> DOMAIN = Map.of(
            "color", List.of("red", "green", "blue"), "shape", List.of("round", "square"));

    /** A blob's state: its tags, or empty when there is no blob. */
    private final Map<String, Optional<Map<String, String>>> acknowledged = new ConcurrentHashMap<>();
    /** The state a write the kill cut would have made, by name. */
    private final Map<String, Optional<Map<String, String>>> cut = new ConcurrentHashMap<>();

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void tagsAndTheirIndexAgreeAfterKill9() throws Exception {
        new KillRounds(temp.resolve("tags-data"), WRITERS).run(new KillRounds.Workload() {
            @Override
            public void prepare(BlobServiceClient service) {
                service.createBlobContainer("tagged");
            }

            @Override
            public RuntimeException write(BlobServiceClient service, int writer, Random random, AtomicBoolean killed,
                                          AtomicInteger acks) {
                return writeUntilKilled(service.getBlobContainerClient("tagged"), writer, random, killed, acks);
            }

            @Override
            public void check(BlobServiceClient service, String context) {
                checkTags(service.getBlobContainerClient("tagged"), context);
            }
        }, 3, 60, 1500);
    }

    private RuntimeException writeUntilKilled(BlobContainerClient container, int writer, Random random,
                                              AtomicBoolean killed, AtomicInteger acks) {
        while (!killed.get()) {
            String name = "w" + writer + "-" + random.nextInt(NAMES_PER_WRITER);
            Optional<Map<String, String>> now = acknowledged.getOrDefault(name, Optional.empty());
            BlobClient blob = container.getBlobClient(name);
            int choice = random.nextInt(10);
            Optional<Map<String, String>> next;
            Runnable request;
            if (now.isEmpty() || choice < 3) {
                Map<String, String> tags = choice % 3 == 0 ? Map.of() : randomTags(random);
                next = Optional.of(tags);
                request = () -> blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(name))
                        .setTags(tags.isEmpty() ? null : tags), null, Context.NONE);
            } else if (choice < 8) {
                Map<String, String> tags = choice == 7 ? Map.of() : randomTags(random);
                next = Optional.of(tags);
                request = () -> blob.setTags(tags);
            } else {
                next = Optional.empty();
                request = blob::delete;
            }
            try {
                request.run();
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

    private static Map<String, String> randomTags(Random random) {
        Map<String, String> tags = new TreeMap<>();
        DOMAIN.forEach((key, values) -> {
            if (random.nextInt(3) > 0) {
                tags.put(key, values.get(random.nextInt(values.size())));
            }
        });
        return tags;
    }

    private void checkTags(BlobContainerClient container, String context) {
        Map<String, Map<String, String>> listed = new TreeMap<>();
        for (BlobItem item : container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveTags(true)), null)) {
            listed.put(item.getName(), item.getTags() == null ? Map.of() : Map.copyOf(item.getTags()));
        }
        List<String> wrong = new ArrayList<>();
        Set<String> names = new TreeSet<>(acknowledged.keySet());
        names.addAll(cut.keySet());
        names.addAll(listed.keySet());
        for (String name : names) {
            Optional<Map<String, String>> stored = Optional.ofNullable(listed.get(name));
            Optional<Map<String, String>> ack = acknowledged.getOrDefault(name, Optional.empty());
            if (!stored.equals(ack) && !(cut.containsKey(name) && stored.equals(cut.get(name)))) {
                wrong.add(name + ": stored " + stored + ", acknowledged " + ack + ", cut " + cut.get(name));
            }
            acknowledged.put(name, stored); // where the next round starts
        }
        cut.clear();
        assertThat(wrong).as("blobs whose tags are neither the acknowledged nor the cut write's%s", context).isEmpty();
        DOMAIN.forEach((key, values) -> {
            for (String value : values) {
                Set<String> found = container.findBlobsByTags("\"" + key + "\"='" + value + "'").stream()
                        .map(TaggedBlobItem::getName).collect(Collectors.toCollection(TreeSet::new));
                Set<String> holding = listed.entrySet().stream().filter(e -> value.equals(e.getValue().get(key)))
                        .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
                assertThat(found).as("Find Blobs by Tags %s='%s' against the listing%s", key, value, context)
                        .isEqualTo(holding);
            }
        });
        Set<String> twoTerms = container.findBlobsByTags("\"color\"='red' AND \"shape\"='round'").stream()
                .map(TaggedBlobItem::getName).collect(Collectors.toCollection(TreeSet::new));
        assertThat(twoTerms).as("red and round%s", context).isEqualTo(listed.entrySet().stream()
                .filter(e -> "red".equals(e.getValue().get("color")) && "round".equals(e.getValue().get("shape")))
                .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new)));
    }
}
