package io.cerulean.blob.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.TagIndexRecords;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.model.TagFilterParser;
import io.cerulean.blob.service.BlobPieces.MovableClock;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeySpace;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.memory.MemoryContentStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The tag index through the service: a lookup reads the entries of the tags it names and the rows of
 * the blobs that match, and nothing else; a write cut off between the index and the blob (a store
 * that fails there, as a server killed there would stop) never makes a lookup answer a blob without
 * its tags nor miss a blob with them, and the entries it left go.
 */
class TagIndexTest {
    private static final String ACCOUNT = "devstoreaccount1";

    private final ReadCountingStore store = new ReadCountingStore();
    private final MemoryContentStore contents = new MemoryContentStore();
    private final MovableClock clock = new MovableClock();
    private final BlobService service = new BlobService(store, contents, clock);

    @AfterEach
    void close() {
        contents.close();
        store.close();
    }

    private void container(String name) {
        service.containers().create(ACCOUNT, name, Map.of(), PublicAccess.NONE);
    }

    private BlobProperties put(String container, String name, Map<String, String> tags) {
        return service.putBlob(ACCOUNT, container, name, new NewBlob(BlobType.BLOCK_BLOB, null, 0,
                ContentHeaders.NONE, Map.of(), 0, null, tags), Conditions.NONE);
    }

    private FoundBlobs find(String container, String where, Optional<FindPosition> from, int max) {
        return service.tags().find(ACCOUNT, container, TagFilterParser.parse(where, TagFilterParser.Use.FIND), from,
                max);
    }

    private List<String> names(String where) {
        return find(null, where, Optional.empty(), 5000).blobs().stream()
                .map(found -> found.container() + "/" + found.name()).toList();
    }

    private int indexEntries() {
        int count = 0;
        try (RecordCursor cursor = store.scan(TagIndexRecords.SPACE, RecordRange.all())) {
            while (cursor.advance()) {
                count++;
            }
        }
        return count;
    }

    @Test
    void aLookupAmongAHundredThousandBlobsReadsOnlyTheEntriesAndRowsOfItsMatches() {
        container("left");
        container("right");
        for (int i = 0; i < 100_000; i++) {
            put(i % 2 == 0 ? "left" : "right", String.format("blob-%06d", i), Map.of(
                    "group", i % 1000 == 7 + i / 1000 % 2 ? "rare" : "common", "n", String.format("%06d", i)));
        }
        store.resetCounts();

        FoundBlobs rare = find(null, "\"group\" = 'rare'", Optional.empty(), 5000);

        assertThat(rare.blobs()).hasSize(100).allSatisfy(found -> assertThat(found.tags())
                .as("the tags the query names").containsOnlyKeys("group"));
        assertThat(rare.next()).isEmpty();
        assertThat(store.rowsScanned(KeySpaces.BLOB_TAGS)).as("index entries read").isEqualTo(100);
        assertThat(store.gets(KeySpaces.BLOBS)).as("blob rows read").isEqualTo(100);
        assertThat(store.rowsScanned(KeySpaces.BLOBS)).as("no container's blobs are scanned").isZero();
        assertThat(store.gets(KeySpaces.BLOB_CONTAINERS)).as("each container's row, once").isEqualTo(2);

        store.resetCounts();
        List<FoundBlob> firstHalf = find(null, "\"group\" = 'rare' AND \"n\" < '050000'", Optional.empty(), 5000)
                .blobs();
        assertThat(firstHalf).hasSize(50);
        assertThat(store.rowsScanned(KeySpaces.BLOB_TAGS)).isEqualTo(100);
        assertThat(store.gets(KeySpaces.BLOBS)).as("the other term is checked on the entries' tags").isEqualTo(50);

        store.resetCounts();
        List<FoundBlob> range = find("right", "\"n\" > '099990'", Optional.empty(), 5000).blobs();
        assertThat(range).extracting(FoundBlob::name).containsExactly("blob-099991", "blob-099993", "blob-099995",
                "blob-099997", "blob-099999");
        assertThat(store.rowsScanned(KeySpaces.BLOB_TAGS)).as("the range's entries, both containers'").isEqualTo(9);
        assertThat(store.gets(KeySpaces.BLOBS)).isEqualTo(5);
    }

    /** 128 rows a read, and never more than the page lacks: a page of 200 reads 200 rows, in two reads. */
    @Test
    void aLookupReadsItsMatchesRowsTogetherAndNoMoreThanThePageHolds() {
        container("many");
        for (int i = 0; i < 300; i++) {
            put("many", String.format("blob-%03d", i), Map.of("k", "v"));
        }
        store.resetCounts();

        FoundBlobs all = find("many", "\"k\" = 'v'", Optional.empty(), 5000);

        assertThat(all.blobs()).extracting(FoundBlob::name).hasSize(300).isSorted().doesNotHaveDuplicates();
        assertThat(store.gets(KeySpaces.BLOBS)).isEqualTo(300);
        assertThat(store.getAlls(KeySpaces.BLOBS)).as("128, 128 and 44 rows").isEqualTo(3);

        store.resetCounts();
        FoundBlobs first = find("many", "\"k\" = 'v'", Optional.empty(), 200);
        assertThat(first.blobs()).hasSize(200);
        assertThat(first.next()).isPresent();
        assertThat(store.gets(KeySpaces.BLOBS)).as("no row past the page's last").isEqualTo(200);
        assertThat(store.getAlls(KeySpaces.BLOBS)).as("128 and 72 rows").isEqualTo(2);
        FoundBlobs rest = find("many", "\"k\" = 'v'", first.next(), 200);
        assertThat(rest.next()).isEmpty();
        assertThat(Stream.concat(first.blobs().stream(), rest.blobs().stream()).map(FoundBlob::name))
                .containsExactlyElementsOf(all.blobs().stream().map(FoundBlob::name).toList());
    }

    @Test
    void pagesFollowOneAnotherInValueContainerAndNameOrder() {
        container("aaa");
        container("bbb");
        for (int i = 0; i < 25; i++) {
            put(i % 2 == 0 ? "aaa" : "bbb", "blob" + i, Map.of("size", Integer.toString(i % 3)));
        }
        List<String> expected = new ArrayList<>();
        for (int value = 1; value <= 2; value++) {
            for (String container : List.of("aaa", "bbb")) {
                List<String> group = new ArrayList<>();
                for (int i = 0; i < 25; i++) {
                    if (i % 3 == value && (i % 2 == 0) == container.equals("aaa")) {
                        group.add("blob" + i);
                    }
                }
                group.sort(null); // names in byte order: blob1, blob10, ...
                group.forEach(name -> expected.add(container + "/" + name));
            }
        }
        List<String> seen = new ArrayList<>();
        Optional<FindPosition> from = Optional.empty();
        int pages = 0;
        do {
            FoundBlobs page = find(null, "\"size\" >= '1'", from, 4);
            page.blobs().forEach(found -> seen.add(found.container() + "/" + found.name()));
            from = page.next();
            pages++;
        } while (from.isPresent());
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(pages).as("16 blobs, 4 a page, and no empty page after the last").isEqualTo(4);
    }

    @Test
    void replacingRemovingOrDeletingTagsLeavesNoEntryBehind() {
        container("box");
        put("box", "doc", Map.of("state", "draft", "team", "x"));
        service.tags().set(BlobAddress.of(ACCOUNT, "box", "doc"), Map.of("state", "final"), Conditions.NONE);
        assertThat(names("\"state\" = 'draft'")).isEmpty();
        assertThat(names("\"team\" = 'x'")).isEmpty();
        assertThat(names("\"state\" = 'final'")).containsExactly("box/doc");
        assertThat(indexEntries()).isEqualTo(1);

        put("box", "doc", Map.of()); // Put Blob without x-ms-tags: the blob has none
        assertThat(names("\"state\" = 'final'")).isEmpty();
        assertThat(indexEntries()).isZero();

        put("box", "doc", Map.of("state", "again"));
        service.deleteBlob(BlobAddress.of(ACCOUNT, "box", "doc"), DeleteSnapshots.NONE, Conditions.NONE, null);
        assertThat(names("\"state\" = 'again'")).isEmpty();
        assertThat(indexEntries()).isZero();
    }

    @Test
    void aDeletedContainersEntriesAreNeverAnsweredAndGoWithTheFirstLookupThatMeetsThem() {
        container("gone");
        put("gone", "doc", Map.of("k", "v"));
        service.containers().delete(ACCOUNT, "gone", Conditions.NONE);
        container("gone"); // made again: a new instance, empty
        assertThat(names("\"k\" = 'v'")).isEmpty();
        assertThat(indexEntries()).isZero();
        assertThatThrownBy(() -> find("missing", "\"k\" = 'v'", Optional.empty(), 10))
                .isInstanceOfSatisfying(ServiceException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(BlobError.CONTAINER_NOT_FOUND));
    }

    @Test
    void aWriteCutOffBeforeItsBlobCommitIsNeverFoundAndItsEntryGoes() {
        container("box");
        put("box", "kept", Map.of("k", "old"));
        store.failNextCommitTo(KeySpaces.BLOBS);
        assertThatThrownBy(() -> put("box", "new", Map.of("k", "v"))).isInstanceOf(StoreUnavailableException.class);
        store.failNextCommitTo(KeySpaces.BLOBS);
        assertThatThrownBy(() -> service.tags().set(BlobAddress.of(ACCOUNT, "box", "kept"), Map.of("k", "v"),
                Conditions.NONE))
                .isInstanceOf(StoreUnavailableException.class);
        assertThat(indexEntries()).as("the entries put before the commits that failed").isEqualTo(3);

        assertThat(names("\"k\" = 'v'")).as("no entry answers without its blob").isEmpty();
        assertThat(names("\"k\" = 'old'")).containsExactly("box/kept");
        assertThat(indexEntries()).as("a pending entry may belong to a write still under way").isEqualTo(3);

        clock.advance(TagIndexRecords.PENDING_GRACE.plus(Duration.ofSeconds(1)));
        assertThat(names("\"k\" = 'v'")).isEmpty();
        assertThat(indexEntries()).as("the leftovers are gone").isEqualTo(1);
    }

    @Test
    void aWriteCutOffAfterItsBlobCommitIsFoundByItsNewTagsOnly() {
        container("box");
        put("box", "doc", Map.of("k", "old", "other", "1"));
        store.failNextCommitTo(KeySpaces.BLOB_TAGS, 2); // the two entries are put; the confirmation fails
        assertThatThrownBy(() -> service.tags().set(BlobAddress.of(ACCOUNT, "box", "doc"),
                Map.of("k", "new", "other", "1"), Conditions.NONE)).isInstanceOf(StoreUnavailableException.class);
        assertThat(service.tags().get(BlobAddress.of(ACCOUNT, "box", "doc"), Conditions.NONE))
                .as("the blob's commit landed").containsEntry("k", "new");

        assertThat(names("\"k\" = 'new'")).as("a tagged blob is never missing").containsExactly("box/doc");
        assertThat(names("\"other\" = '1' AND \"k\" = 'new'")).as("its pending entry's tags are not trusted")
                .containsExactly("box/doc");
        assertThat(names("\"k\" = 'old'")).isEmpty();

        clock.advance(TagIndexRecords.PENDING_GRACE.plus(Duration.ofSeconds(1)));
        assertThat(names("\"k\" = 'new'")).containsExactly("box/doc");
        assertThat(names("\"k\" = 'old'")).isEmpty();
        assertThat(indexEntries()).as("one entry per tag the blob has").isEqualTo(2);
        store.resetCounts();
        assertThat(names("\"k\" = 'new'")).containsExactly("box/doc");
        assertThat(store.commits.get()).as("settled: a lookup changes nothing more").isZero();
    }

    @Test
    void theSweepRemovesWhatNoLookupMeets() {
        container("box");
        container("gone");
        put("box", "kept", Map.of("k", "v"));
        put("gone", "doc", Map.of("k", "v", "j", "w"));
        service.containers().delete(ACCOUNT, "gone", Conditions.NONE);
        store.failNextCommitTo(KeySpaces.BLOBS);
        assertThatThrownBy(() -> put("box", "lost", Map.of("k", "v"))).isInstanceOf(StoreUnavailableException.class);
        assertThat(indexEntries()).isEqualTo(4);

        assertThat(service.sweeps().tagIndex()).as("the deleted container's entries; the pending one is young")
                .isEqualTo(2);
        clock.advance(TagIndexRecords.PENDING_GRACE.plus(Duration.ofSeconds(1)));
        assertThat(service.sweeps().tagIndex()).isEqualTo(1);
        assertThat(indexEntries()).isEqualTo(1);
        assertThat(names("\"k\" = 'v'")).containsExactly("box/kept");
    }

    @Test
    void settingTagsKeepsTheETagAndAFailedTagConditionChangesNothing() {
        container("box");
        put("box", "doc", Map.of("k", "1"));
        BlobProperties blob = service.blob(BlobAddress.of(ACCOUNT, "box", "doc"), null);
        service.tags().set(BlobAddress.of(ACCOUNT, "box", "doc"), Map.of("k", "2"), Conditions.NONE);
        BlobProperties after = service.blob(BlobAddress.of(ACCOUNT, "box", "doc"), null);
        assertThat(after.etag()).isEqualTo(blob.etag());
        assertThat(after.lastModified()).isEqualTo(blob.lastModified());

        Conditions wrongTags = Conditions.NONE.withIfTags(TagFilterParser.parse("\"k\" = '1'",
                TagFilterParser.Use.CONDITION));
        assertThatThrownBy(() -> service.tags().set(BlobAddress.of(ACCOUNT, "box", "doc"), Map.of("k", "3"), wrongTags))
                .isInstanceOfSatisfying(ServiceException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(BlobError.CONDITION_NOT_MET));
        assertThatThrownBy(() -> service.setBlobMetadata(ACCOUNT, "box", "doc", Map.of("m", "1"), wrongTags))
                .isInstanceOfSatisfying(ServiceException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(BlobError.CONDITION_NOT_MET));
        assertThat(service.tags().get(BlobAddress.of(ACCOUNT, "box", "doc"), Conditions.NONE))
                .containsExactlyEntriesOf(Map.of("k", "2"));
        assertThat(names("\"k\" = '2'")).containsExactly("box/doc");
    }

    /**
     * A memory store that counts point reads and rows scanned per key space, and can fail a commit
     * to a space, as a server killed before it would never make it.
     */
    static final class ReadCountingStore extends ForwardingKeyValueStore {
        private final Map<KeySpace, AtomicInteger> gets = new ConcurrentHashMap<>();
        private final Map<KeySpace, AtomicInteger> rows = new ConcurrentHashMap<>();
        private final Map<KeySpace, AtomicInteger> getAlls = new ConcurrentHashMap<>();
        final AtomicInteger commits = new AtomicInteger();
        private volatile KeySpace failing;
        private volatile int failAfter;

        ReadCountingStore() {
            super(new MemoryKeyValueStore());
        }

        int gets(KeySpace space) {
            return gets.getOrDefault(space, new AtomicInteger()).get();
        }

        int rowsScanned(KeySpace space) {
            return rows.getOrDefault(space, new AtomicInteger()).get();
        }

        void resetCounts() {
            gets.clear();
            getAlls.clear();
            rows.clear();
            commits.set(0);
        }

        void failNextCommitTo(KeySpace space) {
            failNextCommitTo(space, 0);
        }

        /** The commit to {@code space} after the next {@code after} ones fails. */
        void failNextCommitTo(KeySpace space, int after) {
            failAfter = after;
            failing = space;
        }

        @Override
        public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
            gets.computeIfAbsent(space.keySpace(), s -> new AtomicInteger()).incrementAndGet();
            return super.get(space, partition, row);
        }

        /** Counted as the point reads it makes, and once among the calls that read several. */
        @Override
        public List<Optional<StoredValue>> getAll(Space space, List<RecordKey> keys) {
            gets.computeIfAbsent(space.keySpace(), s -> new AtomicInteger()).addAndGet(keys.size());
            getAlls.computeIfAbsent(space.keySpace(), s -> new AtomicInteger()).incrementAndGet();
            return super.getAll(space, keys);
        }

        int getAlls(KeySpace space) {
            return getAlls.getOrDefault(space, new AtomicInteger()).get();
        }

        @Override
        public RecordCursor scan(Space space, RecordRange range) {
            RecordCursor cursor = super.scan(space, range);
            AtomicInteger counter = rows.computeIfAbsent(space.keySpace(), s -> new AtomicInteger());
            return new RecordCursor() {
                @Override
                public boolean advance() {
                    boolean more = cursor.advance();
                    if (more) {
                        counter.incrementAndGet();
                    }
                    return more;
                }

                @Override
                public ByteView partition() {
                    return cursor.partition();
                }

                @Override
                public ByteView row() {
                    return cursor.row();
                }

                @Override
                public long version() {
                    return cursor.version();
                }

                @Override
                public ByteView payload() {
                    return cursor.payload();
                }

                @Override
                public void close() {
                    cursor.close();
                }
            };
        }

        @Override
        public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
            if (space.keySpace().equals(failing)) {
                if (failAfter == 0) {
                    failing = null;
                    throw new StoreUnavailableException("cut off before this commit");
                }
                failAfter--;
            }
            commits.incrementAndGet();
            return super.commit(space, partition, mutations);
        }
    }
}
