package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bytes no row names: content a server wrote and then died before committing the row that would
 * have named it. Each sweep lists every content ({@link ContentStore#forEachContent}) against every
 * content the rows of every container name; a content found unnamed becomes a suspect, and is
 * deleted by a later sweep at least {@link #GRACE} after it was first found unnamed, if it is still
 * unnamed then and in one more reading of the rows just before. A write in flight commits or
 * discards its content within moments of finishing it, so it is never a suspect for an hour; and a
 * content moved from one row to another while a sweep reads them (a block list committing a staged
 * block) is missed by one reading of the rows at most, never by every reading over an hour.
 * Contents are never shared between blobs, so a content some row names stays named until a commit
 * of that blob's partition lets it go. Suspects are kept per server; a server that starts again
 * starts with none. Thread-safe (one sweep at a time).
 */
final class UnnamedContents {
    /** How long a content must stay unnamed before it goes. */
    static final Duration GRACE = Duration.ofHours(1);

    private final ContentStore contents;
    private final ContentLifecycle lifecycle;
    private final Containers containers;
    private final Clock clock;
    /** Contents found unnamed, and when first; guarded by this. */
    private final Map<ContentId, Instant> suspects = new HashMap<>();

    UnnamedContents(ContentStore contents, ContentLifecycle lifecycle, Containers containers, Clock clock) {
        this.contents = contents;
        this.lifecycle = lifecycle;
        this.containers = containers;
        this.clock = clock;
    }

    /** One sweep; returns how many contents it deleted. */
    synchronized long sweep() {
        Instant now = clock.instant();
        Set<ContentId> named = named();
        Set<ContentId> unnamed = new HashSet<>();
        contents.forEachContent(id -> {
            if (!named.contains(id)) {
                unnamed.add(id);
            }
        });
        suspects.keySet().retainAll(unnamed);
        List<ContentId> due = new ArrayList<>();
        suspects.forEach((id, since) -> {
            if (!since.plus(GRACE).isAfter(now)) {
                due.add(id);
            }
        });
        long deleted = 0;
        if (!due.isEmpty()) {
            Set<ContentId> namedNow = named();
            for (ContentId id : due) {
                if (!namedNow.contains(id)) {
                    deleted += contents.delete(id) ? 1 : 0;
                    suspects.remove(id);
                }
            }
        }
        for (ContentId id : unnamed) {
            suspects.putIfAbsent(id, now);
        }
        return deleted;
    }

    /** Every content a row of any container names. */
    private Set<ContentId> named() {
        Set<ContentId> named = new HashSet<>();
        for (long instance : containers.blobInstances()) {
            named.addAll(lifecycle.contentsOf(BlobRecords.space(instance)));
        }
        return named;
    }
}
