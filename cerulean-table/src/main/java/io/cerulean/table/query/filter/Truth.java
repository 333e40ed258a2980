package io.cerulean.table.query.filter;

/**
 * A truth value of SQL-style three-valued logic. A comparison on a missing property or on a value of an
 * incompatible type is {@link #UNKNOWN}; only {@link #TRUE} selects an entity.
 */
public enum Truth {
    FALSE, UNKNOWN, TRUE;

    public static Truth of(boolean value) {
        return value ? TRUE : FALSE;
    }

    /** FALSE wins, then UNKNOWN. */
    public Truth and(Truth other) {
        if (this == FALSE || other == FALSE) {
            return FALSE;
        }
        return this == TRUE && other == TRUE ? TRUE : UNKNOWN;
    }

    /** TRUE wins, then UNKNOWN. */
    public Truth or(Truth other) {
        if (this == TRUE || other == TRUE) {
            return TRUE;
        }
        return this == FALSE && other == FALSE ? FALSE : UNKNOWN;
    }

    /** Swaps TRUE and FALSE; {@code not unknown} stays unknown, so negation never selects a missing property. */
    public Truth not() {
        return switch (this) {
            case TRUE -> FALSE;
            case FALSE -> TRUE;
            case UNKNOWN -> UNKNOWN;
        };
    }
}
