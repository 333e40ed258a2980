package io.cerulean.table.query.filter;

import java.util.Locale;

/** The six OData comparison operators the Table service supports. */
public enum ComparisonOperator {
    EQ("eq"), NE("ne"), GT("gt"), GE("ge"), LT("lt"), LE("le");

    private static final ComparisonOperator[] VALUES = values();

    private final String keyword;

    ComparisonOperator(String keyword) {
        this.keyword = keyword;
    }

    /** The lowercase keyword, as written in a filter. */
    public String keyword() {
        return keyword;
    }

    /** The operator that gives the same answer with the operands swapped: {@code 30 lt Age} is {@code Age gt 30}. */
    public ComparisonOperator flip() {
        return switch (this) {
            case EQ, NE -> this;
            case GT -> LT;
            case GE -> LE;
            case LT -> GT;
            case LE -> GE;
        };
    }

    /**
     * The complementary operator ({@code lt} for {@code ge}). Only a complement for two ordered values:
     * it is NOT a rewrite of {@code not (a op b)}, which differs when a double is NaN (every ordering is
     * false, so both {@code a lt NaN} and {@code a ge NaN} are false).
     */
    public ComparisonOperator negate() {
        return switch (this) {
            case EQ -> NE;
            case NE -> EQ;
            case GT -> LE;
            case GE -> LT;
            case LT -> GE;
            case LE -> GT;
        };
    }

    /** Whether a three-way comparison result ({@code compareTo} sign) satisfies this operator. */
    public boolean test(int comparison) {
        return switch (this) {
            case EQ -> comparison == 0;
            case NE -> comparison != 0;
            case GT -> comparison > 0;
            case GE -> comparison >= 0;
            case LT -> comparison < 0;
            case LE -> comparison <= 0;
        };
    }

    /** The operator spelled {@code word} in any case, or null when it is not one. */
    static ComparisonOperator ofKeyword(String word) {
        if (word.length() != 2) {
            return null;
        }
        String lower = word.toLowerCase(Locale.ROOT);
        for (ComparisonOperator op : VALUES) {
            if (op.keyword.equals(lower)) {
                return op;
            }
        }
        return null;
    }
}
