package io.cerulean.table.query.filter;

import java.util.Locale;

/** The six OData comparison operators the Table service supports. */
public enum ComparisonOperator {
    EQ("eq", Outcome.EQUAL),
    NE("ne", Outcome.LESS | Outcome.GREATER | Outcome.UNORDERED),
    GT("gt", Outcome.GREATER),
    GE("ge", Outcome.GREATER | Outcome.EQUAL),
    LT("lt", Outcome.LESS),
    LE("le", Outcome.LESS | Outcome.EQUAL);

    private static final ComparisonOperator[] VALUES = values();

    private final String keyword;
    /** The outcomes of a comparison this operator accepts, as bits of {@link Outcome}. */
    private final int accepted;

    ComparisonOperator(String keyword, int accepted) {
        this.keyword = keyword;
        this.accepted = accepted;
    }

    /**
     * The four outcomes of comparing two values, one bit each. An operator is the set of outcomes it
     * accepts, so testing one is a shift, the same instructions for every operator: a scan's loop
     * compiled while one operator ran needs no other branch when the next query uses another.
     */
    static final class Outcome {
        static final int LESS = 1;
        static final int EQUAL = 1 << 1;
        static final int GREATER = 1 << 2;
        /** Neither less, equal nor greater: a NaN on either side. */
        static final int UNORDERED = 1 << 3;

        private Outcome() {
        }
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
        // signum + 1 is 0, 1 or 2: the bit of LESS, EQUAL or GREATER.
        return (accepted >>> (Integer.signum(comparison) + 1) & 1) != 0;
    }

    /**
     * Whether {@code actual op literal} holds for two doubles under IEEE rules, as .NET compares
     * them: NaN is unordered with everything (only {@code ne} accepts it) and -0.0 equals 0.0.
     */
    public boolean test(double actual, double literal) {
        int outcome = actual < literal ? Outcome.LESS
                : actual > literal ? Outcome.GREATER
                : actual == literal ? Outcome.EQUAL : Outcome.UNORDERED;
        return (accepted & outcome) != 0;
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
