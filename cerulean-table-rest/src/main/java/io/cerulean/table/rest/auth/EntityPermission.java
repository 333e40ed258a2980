package io.cerulean.table.rest.auth;

import io.cerulean.table.txn.OperationKind;
import java.util.EnumSet;
import java.util.Set;

/** The entity permissions of a SAS ({@code r a u d}, the same letters in table and account SAS). */
public enum EntityPermission {
    READ('r'),
    ADD('a'),
    UPDATE('u'),
    DELETE('d');

    private final char letter;

    EntityPermission(char letter) {
        this.letter = letter;
    }

    public char letter() {
        return letter;
    }

    /** What a write needs: upserts need both add and update, since they may do either. */
    public static Set<EntityPermission> forWrite(OperationKind kind) {
        return switch (kind) {
            case INSERT -> EnumSet.of(ADD);
            case REPLACE, MERGE -> EnumSet.of(UPDATE);
            case INSERT_OR_REPLACE, INSERT_OR_MERGE -> EnumSet.of(ADD, UPDATE);
            case DELETE -> EnumSet.of(DELETE);
        };
    }
}
