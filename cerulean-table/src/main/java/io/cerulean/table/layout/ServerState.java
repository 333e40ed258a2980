package io.cerulean.table.layout;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoredValue;
import io.cerulean.table.time.HybridClock;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The server's own state in the key space {@code SERVER_STATE}: one partition per item, the row
 * empty, the number in the record's version and no payload.
 *
 * <pre>
 * "table-format"   the Table service's key format ({@link EntityKeys#FORMAT_VERSION})
 * "clock-lease"    the hybrid clock's high-water mark, in epoch ticks
 * "next-table-id"  the id the next table gets; ids are never reused
 * </pre>
 * Numbers change only by conditional commits on the version read, so that servers sharing a store
 * never hand out the same table id and never lower the clock's mark that another raised.
 */
public final class ServerState {
    static final byte[] TABLE_FORMAT = ascii("table-format");
    static final byte[] CLOCK_LEASE = ascii("clock-lease");
    static final byte[] NEXT_TABLE_ID = ascii("next-table-id");
    private static final byte[] ROW = new byte[0];
    private static final Space SPACE = KeySpaces.SERVER_STATE.single();

    private final KeyValueStore store;

    public ServerState(KeyValueStore store) {
        this.store = store;
    }

    /**
     * Records the key format on a store used for the first time, and refuses one written in another
     * format; call before anything else reads the store.
     *
     * @throws StoreFormatException when the store holds another format
     */
    public void checkTableFormat() {
        Optional<Long> found = number(TABLE_FORMAT);
        if (found.isEmpty()) {
            set(TABLE_FORMAT, EntityKeys.FORMAT_VERSION, Precondition.MUST_NOT_EXIST);
            store.whenDurable().join();
            checkTableFormat();
            return;
        }
        if (found.get() != EntityKeys.FORMAT_VERSION) {
            throw new StoreFormatException("the data holds tables in key format " + found.get()
                    + ", and this release of Cerulean reads format " + EntityKeys.FORMAT_VERSION
                    + "; open it with the release that wrote it");
        }
    }

    /** The clock's lease on its high-water mark, kept here so that Timestamps never repeat across restarts. */
    public HybridClock.Lease clockLease() {
        return new HybridClock.Lease() {
            @Override
            public long load() {
                return number(CLOCK_LEASE).orElse(Long.MIN_VALUE);
            }

            /**
             * Raises the shared mark, never lowers it: servers sharing the store each raise it as their
             * clocks run ahead, and one whose clock is behind must not pull it back below what another
             * has issued.
             */
            @Override
            public void store(long ticks) {
                raise(CLOCK_LEASE, ticks);
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

    /** A table id no table of this store has had or will have. */
    long allocateTableId() {
        while (true) {
            Optional<Long> next = number(NEXT_TABLE_ID);
            long id = next.orElse(1L);
            Precondition unchanged = next.isPresent() ? new Precondition.VersionEquals(id) : Precondition.MUST_NOT_EXIST;
            if (set(NEXT_TABLE_ID, id + 1, unchanged)) {
                return id;
            }
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
