package io.cerulean.storage;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every key space Cerulean keeps, in one place, with ids and names that never change. A new
 * service adds its spaces here; an id or a name once used is never used again for other data.
 * What each space's partitions, rows and values hold is written where the owning service
 * encodes them (named beside each space).
 */
public final class KeySpaces {
    /**
     * The server's own state, one partition per item, rows empty: each key space's format version,
     * named leases (the clock's), named id counters (the next table id, the next queue messages
     * instance), named secrets (the one user delegation keys are derived from). Encoded by
     * {@link io.cerulean.storage.state.ServerState}. Besides, a partition {@code "health:<random id>"}
     * per running server, written by its readiness probe ({@link io.cerulean.storage.database.StoreProbe})
     * and deleted when the server stops.
     */
    public static final KeySpace SERVER_STATE = new KeySpace(1, "server-state", false);

    /**
     * The Table service's catalogue: one partition per account; a row per table (its normalised
     * name) and, in the same partition so that Delete Table removes both in one commit, a row per
     * table ACL. Encoded by {@code io.cerulean.table.layout.TableCatalog}.
     */
    public static final KeySpace TABLE_CATALOG = new KeySpace(2, "table-catalog", false);

    /**
     * A table's entities, one instance per table id (ids are never reused, so a table created
     * again under an old name starts empty): partition the PartitionKey, row the RowKey, both
     * CESU-8. Encoded by {@code io.cerulean.table.layout.EntityKeys} and {@code EntityCodec}.
     */
    public static final KeySpace TABLE_ENTITIES = new KeySpace(3, "entities", true);

    /**
     * Service properties (logging, metrics, CORS rules): one partition per account (its name,
     * UTF-8), a row per service ("table", "queue", "blob"), the payload the service's XML document.
     */
    public static final KeySpace SERVICE_PROPERTIES = new KeySpace(4, "service-properties", false);

    /**
     * The Queue service's catalogue: one partition per account (its name, UTF-8), a row per queue
     * (its name) holding its metadata, under the id of its messages' instance. Encoded by
     * {@code io.cerulean.queue.layout.QueueCatalog}.
     */
    public static final KeySpace QUEUE_CATALOG = new KeySpace(5, "queue-catalog", false);

    /**
     * A queue's messages, one instance per queue (a new one when its messages are cleared), its id
     * counted in {@link #SERVER_STATE} and never reused (drawn at random for queues made before the
     * counter): sixteen bucket partitions, a message's rows in the bucket its id picks, ordered by
     * the time it is next visible. Encoded by {@code io.cerulean.queue.layout.MessageLayout}.
     */
    public static final KeySpace QUEUE_MESSAGES = new KeySpace(6, "queue-messages", true);

    /**
     * The Blob service's catalogue: one partition per account (its name, UTF-8), a row per container
     * (its name) holding its properties, under the id of its blobs' instance, taken from the server
     * state's counter "next-container-instance" (containers created before that counter have one
     * drawn at random). Encoded by {@code io.cerulean.blob.layout.ContainerCatalog}.
     */
    public static final KeySpace BLOB_CONTAINERS = new KeySpace(7, "blob-containers", false);

    /**
     * A container's blobs, one instance per container (ids are never reused, so a container made
     * again under an old name starts empty): a partition per blob name, rows for the committed blob
     * and its staged blocks, so that Put Block List commits in one partition. The bytes are on the
     * content seam; these rows name them. Encoded by {@code io.cerulean.blob.layout.BlobRecords}.
     */
    public static final KeySpace BLOBS = new KeySpace(8, "blobs", true);

    /**
     * Content kept as records, for stores with no file system of their own (a Cassandra cluster):
     * a partition per chunk of each content, and one per content for its manifest. Encoded by
     * {@code io.cerulean.storage.content.ChunkedContentStore}.
     */
    public static final KeySpace CONTENT_CHUNKS = new KeySpace(9, "content-chunks", false);

    /**
     * The Blob service's index of blob index tags: one partition per account, tag key and value, a
     * row per blob holding that tag (container name, blob name), so that Find Blobs by Tags reads the
     * entries of the tags it names and nothing else. Encoded by
     * {@code io.cerulean.blob.layout.TagIndexRecords}.
     */
    public static final KeySpace BLOB_TAGS = new KeySpace(10, "blob-tags", false);

    /** Every key space, in id order. */
    public static final List<KeySpace> ALL = List.of(SERVER_STATE, TABLE_CATALOG, TABLE_ENTITIES, SERVICE_PROPERTIES,
            QUEUE_CATALOG, QUEUE_MESSAGES, BLOB_CONTAINERS, BLOBS, CONTENT_CHUNKS, BLOB_TAGS);

    private static final Map<Integer, KeySpace> BY_ID = ALL.stream()
            .collect(Collectors.toMap(KeySpace::id, Function.identity()));

    static {
        if (ALL.stream().map(KeySpace::name).distinct().count() != ALL.size()) {
            throw new ExceptionInInitializerError("two key spaces share a name");
        }
    }

    private KeySpaces() {
    }

    /** The key space with {@code id}, for a store reading back what it wrote. */
    public static KeySpace byId(int id) {
        KeySpace space = BY_ID.get(id);
        if (space == null) {
            throw new IllegalArgumentException("no key space has id " + id);
        }
        return space;
    }
}
