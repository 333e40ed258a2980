package io.cerulean.storage;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Each account's service properties documents, one per service, in {@link KeySpaces#SERVICE_PROPERTIES}:
 * <pre>
 * partition: the account's name (UTF-8)
 * row:       the service's name (UTF-8): "table", "queue", "blob"
 * payload:   the document, opaque here; version 1 for the first, one higher at every change
 * </pre>
 * A change applies only on the version it was based on, so servers sharing a store never undo
 * each other's. The one place this layout is written; every service keeps its document here.
 */
public final class ServiceDocuments {
    /** The format of the layout above, checked by the database that keeps it. */
    public static final int FORMAT_VERSION = 1;
    private static final Space SPACE = KeySpaces.SERVICE_PROPERTIES.single();

    private ServiceDocuments() {
    }

    /** The service's document for the account and its version, if one was ever put. */
    public static Optional<StoredValue> get(KeyValueStore store, String account, String service) {
        return store.get(SPACE, utf8(account), utf8(service));
    }

    /**
     * Puts {@code document} in place of the one at version {@code expected} (empty: none yet), visible
     * at once and durable once the store's {@code whenDurable()} completes.
     *
     * @return the new version; empty, and nothing written, when the stored document is no longer that one
     */
    public static OptionalLong put(KeyValueStore store, String account, String service, OptionalLong expected,
                                   byte[] document) {
        Precondition unchanged = expected.isPresent() ? new Precondition.VersionEquals(expected.getAsLong())
                : Precondition.MUST_NOT_EXIST;
        long version = expected.isPresent() ? expected.getAsLong() + 1 : 1;
        CommitOutcome outcome = store.commit(SPACE, utf8(account), List.of(
                RecordMutation.put(utf8(service), StoredValue.of(version, document), unchanged)));
        return outcome instanceof CommitOutcome.Applied ? OptionalLong.of(version) : OptionalLong.empty();
    }

    /** Every account that has a document of any service. */
    public static java.util.SortedSet<String> accounts(KeyValueStore store) {
        return AccountPartitions.of(store, SPACE);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
