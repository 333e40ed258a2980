package io.cerulean.storage.content;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * Large immutable byte content, streamed: the seam for blob blocks, beside
 * {@link io.cerulean.storage.KeyValueStore} for records. Content is written once ({@link #create}),
 * read by range any number of times, and deleted when no record names it any more.
 *
 * <p>Contract for every implementation (held by the conformance suite every store extends): what
 * {@link ContentWriter#finish} returned is durable and reads back byte for byte, from any position;
 * content never finished is never readable; a store that cannot answer throws
 * {@link io.cerulean.storage.StoreUnavailableException}, and so does every call after
 * {@link #close}. Implementations are thread-safe.
 */
public interface ContentStore extends AutoCloseable {
    /** Starts new content. */
    ContentWriter create();

    /** The content named {@code id}, if it exists (finished and not deleted). */
    Optional<ContentReader> open(ContentId id);

    /** Deletes the content named {@code id}; false when there was none. Readers already open still read it whole. */
    boolean delete(ContentId id);

    /**
     * Hands every finished content this store holds to {@code action}, one at a time, never holding
     * them all: for the sweep of bytes no record names. Content finished or deleted meanwhile may or
     * may not be seen; content never finished is not.
     */
    void forEachContent(Consumer<ContentId> action);

    @Override
    void close();
}
