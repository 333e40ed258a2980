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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Find Blobs by Tags, on the tag index alone ({@link TagIndexRecords}): the filter's first equality
 * term picks one partition of entries to read (narrowed to one container's rows when the search is
 * in a container), or, with none, its first tag's range picks the partitions of that key's values
 * within it. The other terms are checked on the tags an entry carries when it is confirmed; every
 * entry left is confirmed against the blob row it names, read alone, and answered from that row.
 * Entries found stale are put right on the way ({@link TagIndex#reconcile}). Results come in the
 * order read: by tag value, then container, then blob name. Thread-safe.
 */
final class TagLookup {
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
    BlobService.FoundBlobs find(String account, String container, TagFilter filter,
                                Optional<BlobService.FindPosition> from, int max) {
        if (container != null) {
            containers.stored(account, container);
        }
        List<Comparison> terms = TagFilterParser.conjunction(filter);
        String scope = container;
        for (Comparison term : terms) {
            if (term.key().equals(TagFilter.CONTAINER)) {
                if (scope != null && !scope.equals(term.value())) {
                    return new BlobService.FoundBlobs(List.of(), Optional.empty());
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
            BlobService.FindPosition position = from.get();
            range = new RecordRange(RecordBound.exclusive(TagIndexRecords.partition(account, key, position.value()),
                    TagIndexRecords.row(position.container(), position.blob())), range.upper());
        }
        return scan(account, key, scope, filter, range, max);
    }

    private BlobService.FoundBlobs scan(String account, String key, String scope, TagFilter filter, RecordRange range,
                                        int max) {
        List<BlobService.FoundBlob> found = new ArrayList<>();
        Map<String, Optional<Long>> instances = new HashMap<>();
        BlobService.FindPosition last = null;
        try (RecordCursor cursor = store.scan(TagIndexRecords.SPACE, range)) {
            while (cursor.advance()) {
                if (found.size() == max) {
                    return new BlobService.FoundBlobs(found, Optional.of(last));
                }
                ByteView partitionView = cursor.partition();
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
                String value = TagIndexRecords.value(account, key, partitionView.array(), partitionView.offset(),
                        partitionView.length());
                Long instance = instances.computeIfAbsent(ref.container(), c -> instance(account, c)).orElse(null);
                BlobProperties blob = instance == null || instance != entry.instance() ? null
                        : index.blob(instance, ref.blob()).orElse(null);
                boolean backed = index.reconcile(TagIndexRecords.partition(account, key, value),
                        TagIndexRecords.row(ref.container(), ref.blob()), cursor.version(), entry, key, value,
                        instance, blob);
                if (backed && filter.matches(blob.tags(), ref.container())) {
                    found.add(new BlobService.FoundBlob(ref.container(), ref.blob(), filter.namedTags(blob.tags())));
                    last = new BlobService.FindPosition(value, ref.container(), ref.blob());
                }
            }
        }
        return new BlobService.FoundBlobs(found, Optional.empty());
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
