package io.cerulean.table.query.filter;

import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.PropertyValue;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The canonical text of a filter, in the shape SDKs generate: every comparison and every nested
 * and/or group inside an and/or chain is parenthesised ({@code (a eq 1) and (b eq 2)}), while a chain
 * of the same operator is written flat so that {@code a and b and c} does not nest deeper on every
 * round trip. Literals are written so that the lexer reads back exactly the same typed value.
 */
final class FilterFormatter {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private FilterFormatter() {
    }

    static String format(Filter filter) {
        StringBuilder sb = new StringBuilder(64);
        append(sb, filter);
        return sb.toString();
    }

    private static void append(StringBuilder sb, Filter filter) {
        if (filter instanceof Filter.Comparison c) {
            sb.append(c.property()).append(' ').append(c.op().keyword()).append(' ');
            appendLiteral(sb, c.literal());
        } else if (filter instanceof Filter.Constant k) {
            sb.append(k.value());
        } else if (filter instanceof Filter.Not n) {
            sb.append("not ");
            appendTerm(sb, n.operand());
        } else if (filter instanceof Filter.And) {
            appendChain(sb, filter, true);
        } else {
            appendChain(sb, filter, false);
        }
    }

    /** A left-deep chain of one operator, as {@code (t1) and (t2) and (t3)}; iterative, like evaluation. */
    private static void appendChain(StringBuilder sb, Filter chain, boolean isAnd) {
        Deque<Filter> terms = new ArrayDeque<>();
        Filter node = chain;
        while (true) {
            if (isAnd && node instanceof Filter.And a) {
                terms.push(a.right());
                node = a.left();
            } else if (!isAnd && node instanceof Filter.Or o) {
                terms.push(o.right());
                node = o.left();
            } else {
                terms.push(node);
                break;
            }
        }
        String keyword = isAnd ? " and " : " or ";
        boolean first = true;
        for (Filter term : terms) {
            if (!first) {
                sb.append(keyword);
            }
            first = false;
            appendTerm(sb, term);
        }
    }

    /** An operand of and/or/not: parenthesised unless it is a constant or a 'not', which bind tightest. */
    private static void appendTerm(StringBuilder sb, Filter term) {
        if (term instanceof Filter.Constant || term instanceof Filter.Not) {
            append(sb, term);
        } else {
            sb.append('(');
            append(sb, term);
            sb.append(')');
        }
    }

    static void appendLiteral(StringBuilder sb, PropertyValue literal) {
        switch (literal.type()) {
            case STRING -> sb.append('\'').append(literal.asString().replace("'", "''")).append('\'');
            case INT32 -> sb.append(literal.asInt32());
            case INT64 -> sb.append(literal.asInt64()).append('L');
            case DOUBLE -> appendDouble(sb, literal.asDouble());
            case BOOLEAN -> sb.append(literal.asBoolean());
            case DATETIME -> sb.append("datetime'").append(DateTimes.format(literal.asDateTime())).append('\'');
            case GUID -> sb.append("guid'").append(literal.asGuid()).append('\'');
            case BINARY -> {
                sb.append("X'");
                for (byte b : literal.asBinary()) {
                    sb.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
                }
                sb.append('\'');
            }
        }
    }

    /**
     * Double.toString always has a '.' (e.g. {@code 20.0}, {@code 1.0E-5}), so the text reads back as a
     * Double, never as an Int32, and parseDouble of it gives back exactly the same bits.
     */
    private static void appendDouble(StringBuilder sb, double d) {
        if (Double.isNaN(d)) {
            sb.append(FilterLexer.NAN);
        } else if (Double.isInfinite(d)) {
            sb.append(d > 0 ? FilterLexer.INFINITY : "-" + FilterLexer.INFINITY);
        } else {
            sb.append(Double.toString(d));
        }
    }
}
