package io.cerulean.storage;

import java.util.Objects;

/**
 * One conditional change to a row of a partition: put a value, or delete the row. A commit's
 * mutations name distinct rows.
 */
public record RecordMutation(byte[] row, StoredValue value, Precondition precondition) {
    public RecordMutation {
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(precondition, "precondition");
    }

    public static RecordMutation put(byte[] row, StoredValue value, Precondition precondition) {
        return new RecordMutation(row, Objects.requireNonNull(value, "value"), precondition);
    }

    public static RecordMutation delete(byte[] row, Precondition precondition) {
        return new RecordMutation(row, null, precondition);
    }

    public boolean isDelete() {
        return value == null;
    }
}
