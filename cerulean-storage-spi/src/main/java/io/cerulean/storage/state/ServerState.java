package io.cerulean.storage.state;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpace;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoredValue;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;

/**
 * The server's own state in the key space {@code SERVER_STATE}: one partition per item (its name,
 * ASCII), the row empty, the number in the record's version and no payload; a secret's bytes are its
 * payload (version 1).
 *
 * <pre>
 * "format:{key space}"  the format the key space's records are written in (see {@link #checkFormat})
 * "table-format"        the same, for the Table service's two key spaces ({@code table-catalog},
 *                       {@code entities}), as it was recorded before formats were kept per key space
 * a lease's name        its high-water mark ({@link #lease}), e.g. "clock-lease"
 * a counter's name      the next id it hands out ({@link #nextId}), e.g. "next-table-id",
 *                       "next-queue-instance", "next-container-instance"
 * a secret's name       its random bytes ({@link #secret}), e.g. "user-delegation-key-secret"
 * </pre>
 * Numbers change only by conditional commits on the version read, so that servers sharing a store
 * never hand out the same id and never lower a mark that another raised; a secret is written once,
 * by the first server that asks for it, and never changed.
 */
public final class ServerState {
    private static final byte[] ROW = new byte[0];
    private static final Space SPACE = KeySpaces.SERVER_STATE.single();
    private static final String TABLE_FORMAT = "table-format";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyValueStore store;

    public ServerState(KeyValueStore store) {
        this.store = store;
    }

    /**
     * Records that {@code space} is written in {@code version} on a store used for the first time,
     * and refuses a store that holds it in another; its owner calls this before it reads the space.
     *
     * @throws StoreFormatException when the store holds the space in another format
     */
    public void checkFormat(KeySpace space, int version) {
        byte[] item = formatItem(space);
        Optional<Long> found = number(item);
        if (found.isEmpty()) {
            set(item, version, Precondition.MUST_NOT_EXIST);
            store.whenDurable().join();
            checkFormat(space, version); // another server may have recorded it first
            return;
        }
        if (found.get() != version) {
            throw new StoreFormatException("the data holds the key space " + space.name() + " in key format "
                    + found.get() + ", and this release of Cerulean reads format " + version
                    + "; open it with the release that wrote it");
        }
    }

    /**
     * As {@link #checkFormat(KeySpace, int)}, for a space whose owner also reads the formats from
     * {@code readsFrom} on: a store holding one of them is raised to {@code version} (its records are
     * read as they are, never rewritten), so that a release before this one refuses it from then on.
     */
    public void checkFormat(KeySpace space, int version, int readsFrom) {
        byte[] item = formatItem(space);
        Optional<Long> found = number(item);
        if (found.isPresent() && found.get() >= readsFrom && found.get() < version) {
            if (set(item, version, new Precondition.VersionEquals(found.get()))) {
                store.whenDurable().join();
            }
        }
        checkFormat(space, version);
    }

    /** The Table service's spaces keep the one item it recorded before formats were kept per key space. */
    private static byte[] formatItem(KeySpace space) {
        if (space.equals(KeySpaces.TABLE_CATALOG) || space.equals(KeySpaces.TABLE_ENTITIES)) {
            return ascii(TABLE_FORMAT);
        }
        return ascii("format:" + space.name());
    }

    /** The lease named {@code name}, kept in this store. */
    public Lease lease(String name) {
        byte[] item = ascii(name);
        return new Lease() {
            @Override
            public long load() {
                return number(item).orElse(Long.MIN_VALUE);
            }

            @Override
            public void raise(long mark) {
                ServerState.this.raise(item, mark);
                store.whenDurable().join();
            }
        };
    }

    /** Sets {@code item} to at least {@code number}, on the version read, so that concurrent raises all hold. */
    private void raise(byte[] item, long number) {
        while (true) {
            Optional<Long> current = number(item);
            if (current.isPresent() && current.get() >= number) {
                return;
            }
            Precondition unchanged = current.isPresent() ? new Precondition.VersionEquals(current.get())
                    : Precondition.MUST_NOT_EXIST;
            if (set(item, number, unchanged)) {
                return;
            }
        }
    }

    /**
     * An id from the counter named {@code counter} that no caller of this store has had or will
     * have: 1 first, then one higher each time. Visible to every server at once; durable with the
     * store's next {@code whenDurable}, which the caller waits for before it acknowledges what
     * names the id.
     */
    public long nextId(String counter) {
        byte[] item = ascii(counter);
        while (true) {
            Optional<Long> next = number(item);
            long id = next.orElse(1L);
            Precondition unchanged = next.isPresent() ? new Precondition.VersionEquals(id) : Precondition.MUST_NOT_EXIST;
            if (set(item, id + 1, unchanged)) {
                return id;
            }
        }
    }

    /**
     * The secret named {@code name}: {@code length} random bytes drawn by the first caller on this
     * store and kept, so that every server sharing the store, and this one after a restart, gets the
     * same bytes. Durable before it is returned, so nothing made with it outlives it.
     */
    public byte[] secret(String name, int length) {
        byte[] item = ascii(name);
        while (true) {
            Optional<StoredValue> found = store.get(SPACE, item, ROW);
            if (found.isPresent()) {
                return found.get().payload();
            }
            byte[] secret = new byte[length];
            RANDOM.nextBytes(secret);
            CommitOutcome outcome = store.commit(SPACE, item, List.of(
                    RecordMutation.put(ROW, StoredValue.of(1, secret), Precondition.MUST_NOT_EXIST)));
            store.whenDurable().join();
            if (outcome instanceof CommitOutcome.Applied) {
                return secret;
            } // another server wrote it first: read theirs
        }
    }

    private Optional<Long> number(byte[] item) {
        return store.get(SPACE, item, ROW).map(StoredValue::version);
    }

    private boolean set(byte[] item, long number, Precondition precondition) {
        CommitOutcome outcome = store.commit(SPACE, item, List.of(
                RecordMutation.put(ROW, new StoredValue(number, StoredValue.allocate(0)), precondition)));
        return outcome instanceof CommitOutcome.Applied;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
