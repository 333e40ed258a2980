package io.cerulean.storage.database;

import io.cerulean.storage.KeySpace;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.ServiceDocuments;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.state.ServerState;
import java.util.concurrent.CompletableFuture;

/**
 * One store as every service sees it: records ({@link KeyValueStore}), content beside them
 * ({@link ContentStore}), whether this process is their only user, and the server's own state
 * ({@link ServerState}: leases, id counters, each key space's format). Opened once per process,
 * by whoever runs the services; each service opens on it as a peer, keeps what it builds, and
 * closes nothing of it. Closing the database closes both stores.
 */
public final class Database implements AutoCloseable {
    private final KeyValueStore records;
    private final ContentStore contents;
    private final boolean exclusive;
    private final ServerState state;

    private Database(KeyValueStore records, ContentStore contents, boolean exclusive) {
        this.records = records;
        this.contents = contents;
        this.exclusive = exclusive;
        this.state = new ServerState(records);
    }

    /**
     * The database on {@code records} and {@code contents}, once the formats of the key spaces it
     * keeps itself are checked (and recorded, on a store used for the first time); a failure to
     * open closes both.
     *
     * @param exclusive whether this process is the store's only user (RocksDB, whose directory lock
     *                  keeps other processes out, or a memory store): then what a service reads stays
     *                  true until it changes it itself, and may be kept. False when servers may share
     *                  it, as they share a Cassandra cluster.
     * @throws io.cerulean.storage.StoreFormatException when the store holds one in another format
     */
    public static Database open(KeyValueStore records, ContentStore contents, boolean exclusive) {
        Database database = new Database(records, contents, exclusive);
        try {
            database.checkFormat(KeySpaces.SERVICE_PROPERTIES, ServiceDocuments.FORMAT_VERSION);
            database.checkFormat(KeySpaces.CONTENT_CHUNKS, ChunkedContentStore.FORMAT_VERSION);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
        return database;
    }

    /**
     * {@link #open(KeyValueStore, ContentStore, boolean)} with content kept as records of
     * {@code records} itself ({@link ChunkedContentStore}): for a store with no file system of its
     * own beside it, such as a Cassandra cluster.
     */
    public static Database open(KeyValueStore records, boolean exclusive) {
        return open(records, new ChunkedContentStore(records), exclusive);
    }

    /** The ordered records every service keeps its catalogue and data in. */
    public KeyValueStore records() {
        return records;
    }

    /** Large immutable content (blob bytes), named by records. */
    public ContentStore contents() {
        return contents;
    }

    /** Whether this process is the store's only user; see {@link #open}. */
    public boolean exclusive() {
        return exclusive;
    }

    /** The server's own state: named leases and id counters shared by every server on the store. */
    public ServerState state() {
        return state;
    }

    /**
     * Refuses a store that holds {@code space} in another format than {@code version}, and records
     * it on one used for the first time: each service calls it for its key spaces when it opens.
     *
     * @throws io.cerulean.storage.StoreFormatException when the store holds another format
     */
    public void checkFormat(KeySpace space, int version) {
        state.checkFormat(space, version);
    }

    /** As {@link ServerState#checkFormat(KeySpace, int, int)}: earlier formats from {@code readsFrom} on are raised. */
    public void checkFormat(KeySpace space, int version, int readsFrom) {
        state.checkFormat(space, version, readsFrom);
    }

    /** Completes once every commit that returned before this call is durable; see {@link KeyValueStore#whenDurable}. */
    public CompletableFuture<Void> whenDurable() {
        return records.whenDurable();
    }

    /** Closes the content store, then the records. */
    @Override
    public void close() {
        try {
            contents.close();
        } finally {
            records.close();
        }
    }
}
