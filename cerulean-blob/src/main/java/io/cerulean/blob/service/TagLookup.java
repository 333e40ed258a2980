package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.TagIndexRecords;
import io.cerulean.blob.layout.TagIndexRecords.BlobRef;
import io.cerulean.blob.layout.TagIndexRecords.Entry;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.TagFilter;
import io.cerulean.blob.model.TagFilter.Comparison;
import io.cerulean.blob.model.TagFilter.Operator;
import io.cerulean.blob.model.TagFilterParser;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Find Blobs by Tags, on the tag index alone ({@link TagIndexRecords}): the filter's first equality
 * term picks one partition of entries to read (narrowed to one container's rows when the search is
 * in a container), or, with none, its first tag's range picks the partitions of that key's values
 * within it. The other terms are checked on the tags an entry carries when it is confirmed; every
 * entry left is confirmed against the blob row it names, read after the entry, and answered from
 * that row. The rows of up to {@value #CONFIRM_AT_ONCE} entries are read at once, so that a lookup
 * of many blobs costs RocksDB a multi-get per hundred rather than a call per blob, and a cluster
 * one round trip's wait rather than one per blob.
 * Entries found stale are put right on the way ({@link TagIndex#reconcile}). Results come in the
 * order read: by tag value, then container, then blob name. Thread-safe.
 */
final class TagLookup {
    /** Most entries confirmed together: their blob rows are read at once ({@link KeyValueStore#getAll}). */
    static final int CONFIRM_AT_ONCE = 128;

    private final KeyValueStore store;
    private final Containers containers;
    private final TagIndex index;

    TagLookup(KeyValueStore store, Containers containers, TagIndex index) {
        this.store = store;
        this.containers = containers;
        this.index = index;
    }

    /**
     * Up to {@code max} blobs of the account (of {@code container} only, if not null: 404
     * ContainerNotFound when it does not exist) whose tags pass {@code filter} (a conjunction), from
     * {@code from} on.
     */
    FoundBlobs find(String account, String container, TagFilter filter,
                                Optional<FindPosition> from, int max) {
        if (container != null) {
            containers.stored(account, container);
        }
        List<Comparison> terms = TagFilterParser.conjunction(filter);
        String scope = container;
        for (Comparison term : terms) {
            if (term.key().equals(TagFilter.CONTAINER)) {
                if (scope != null && !scope.equals(term.value())) {
                    return new FoundBlobs(List.of(), Optional.empty());
                }
                scope = term.value();
            }
        }
        String key = null;
        RecordRange range = null;
        for (Comparison term : terms) {
            if (term.operator() == Operator.EQ && !term.key().equals(TagFilter.CONTAINER)) {
                key = term.key();
                range = TagIndexRecords.values(account, key, term.value(), true, term.value(), true);
                if (scope != null) {
                    byte[] partition = TagIndexRecords.partition(account, key, term.value());
                    range = new RecordRange(RecordBound.inclusive(partition, TagIndexRecords.row(scope, "")),
                            RecordBound.exclusive(partition, containerEnd(scope)));
                }
                break;
            }
        }
        if (key == null) {
            key = filter.keys().iterator().next();
            range = keyRange(account, key, terms);
        }
        if (from.isPresent()) {
            FindPosition position = from.get();
            range = new RecordRange(RecordBound.exclusive(TagIndexRecords.partition(account, key, position.value()),
                    TagIndexRecords.row(position.container(), position.blob())), range.upper());
        }
        return scan(account, key, scope, filter, range, max);
    }

    private FoundBlobs scan(String account, String key, String scope, TagFilter filter, RecordRange range,
                                        int max) {
        List<FoundBlob> found = new ArrayList<>();
        Map<String, Optional<Long>> instances = new HashMap<>();
        List<Candidate> pending = new ArrayList<>();
        FindPosition last = null;
        byte[] partition = null;
        String value = null;
        try (RecordCursor cursor = store.scan(TagIndexRecords.SPACE, range)) {
            while (cursor.advance()) {
                if (found.size() == max) { // nothing is pending: a page's worth was confirmed
                    return new FoundBlobs(found, Optional.of(last));
                }
                ByteView rowView = cursor.row();
                BlobRef ref = TagIndexRecords.blobRef(rowView.array(), rowView.offset(), rowView.length());
                if (scope != null && !scope.equals(ref.container())) {
                    continue;
                }
                ByteView payload = cursor.payload();
                Entry entry = TagIndexRecords.read(payload.array(), payload.offset(), payload.length());
                if (entry.confirmed() && !filter.matches(entry.tags(), ref.container())) {
                    continue; // its tags are the blob's, which do not match
                }
                ByteView partitionView = cursor.partition();
                if (partition == null || !Arrays.equals(partition, 0, partition.length, partitionView.array(),
                        partitionView.offset(), partitionView.offset() + partitionView.length())) {
                    partition = Arrays.copyOfRange(partitionView.array(), partitionView.offset(),
                            partitionView.offset() + partitionView.length());
                    value = TagIndexRecords.value(account, key, partition, 0, partition.length);
                }
                Long instance = instances.computeIfAbsent(ref.container(), c -> instance(account, c)).orElse(null);
                pending.add(new Candidate(ref, value, partition, entry, cursor.version(), instance));
                // Each entry adds a blob at most: confirming no more than the page lacks never overfills it.
                if (pending.size() == Math.min(CONFIRM_AT_ONCE, max - found.size())) {
                    last = confirm(key, filter, pending, found, last);
                }
            }
        }
        last = confirm(key, filter, pending, found, last);
        return new FoundBlobs(found, Optional.empty());
    }

    /**
     * Confirms the {@code pending} entries against their blob rows, read at once after the entries
     * were, each entry reconciled with its row in the order read; adds the blobs that match to
     * {@code found}, and empties {@code pending}. Returns the position of the last blob found.
     */
    private FindPosition confirm(String key, TagFilter filter, List<Candidate> pending,
                                             List<FoundBlob> found, FindPosition last) {
        BlobProperties[] blobs = new BlobProperties[pending.size()];
        Map<Long, List<Integer>> byInstance = new HashMap<>();
        for (int i = 0; i < pending.size(); i++) {
            Candidate candidate = pending.get(i);
            if (candidate.instance() != null && candidate.instance() == candidate.entry().instance()) {
                byInstance.computeIfAbsent(candidate.instance(), c -> new ArrayList<>()).add(i);
            }
        }
        byInstance.forEach((instance, indexes) -> {
            List<Optional<BlobProperties>> read = index.blobs(instance,
                    indexes.stream().map(i -> pending.get(i).ref().blob()).toList());
            for (int j = 0; j < indexes.size(); j++) {
                blobs[indexes.get(j)] = read.get(j).orElse(null);
            }
        });
        for (int i = 0; i < pending.size(); i++) {
            Candidate candidate = pending.get(i);
            BlobRef ref = candidate.ref();
            BlobProperties blob = blobs[i];
            boolean backed = index.reconcile(candidate.partition(), TagIndexRecords.row(ref.container(), ref.blob()),
                    candidate.version(), candidate.entry(), key, candidate.value(), candidate.instance(), blob);
            if (backed && filter.matches(blob.tags(), ref.container())) {
                found.add(new FoundBlob(ref.container(), ref.blob(), filter.namedTags(blob.tags())));
                last = new FindPosition(candidate.value(), ref.container(), ref.blob());
            }
        }
        pending.clear();
        return last;
    }

    /**
     * An index entry read and not yet confirmed: the blob it names, its tag value and partition, what
     * it holds at the version read, and the blobs instance of its container now (null: none).
     */
    private record Candidate(BlobRef ref, String value, byte[] partition, Entry entry, long version, Long instance) {
    }

    /** The partitions of {@code key}'s values that its terms allow (at most one lower bound and one upper). */
    private static RecordRange keyRange(String account, String key, List<Comparison> terms) {
        String lower = null;
        String upper = null;
        boolean lowerInclusive = false;
        boolean upperInclusive = false;
        for (Comparison term : terms) {
            if (!term.key().equals(key)) {
                continue;
            }
            switch (term.operator()) {
                case GT, GE -> {
                    lower = term.value();
                    lowerInclusive = term.operator() == Operator.GE;
                }
                case LT, LE -> {
                    upper = term.value();
                    upperInclusive = term.operator() == Operator.LE;
                }
                default -> throw new IllegalStateException("an equality term drives the search: " + term);
            }
        }
        return TagIndexRecords.values(account, key, lower, lowerInclusive, upper, upperInclusive);
    }

    /** The row just after every row of {@code container}'s blobs. */
    private static byte[] containerEnd(String container) {
        byte[] row = TagIndexRecords.row(container, "");
        row[row.length - 1] = 1;
        return row;
    }

    private Optional<Long> instance(String account, String container) {
        try {
            return Optional.of(containers.stored(account, container).record().blobsInstance());
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.CONTAINER_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
