package io.cerulean.storage;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The accounts a catalogue holds anything for, where the catalogue's partition is the account's name
 * in UTF-8 (the table, queue and container catalogues, the service properties): what a reset of
 * every account goes through.
 */
public final class AccountPartitions {
    private AccountPartitions() {
    }

    /** The account of every partition of {@code space}, in name order; one scan of the catalogue. */
    public static SortedSet<String> of(KeyValueStore store, Space space) {
        SortedSet<String> accounts = new TreeSet<>();
        byte[] last = null;
        try (RecordCursor cursor = store.scan(space, RecordRange.all())) {
            while (cursor.advance()) {
                byte[] partition = cursor.partition().toArray();
                if (last == null || !Arrays.equals(last, partition)) {
                    accounts.add(new String(partition, StandardCharsets.UTF_8));
                    last = partition;
                }
            }
        }
        return accounts;
    }
}
