package io.cerulean.table.query.filter;

import io.cerulean.table.model.PropertyValue;
import java.util.Locale;
import java.util.Set;

/**
 * Splits a filter into tokens on demand. Lazy on purpose: the parser reports the first problem from the
 * left, e.g. {@code startswith(RowKey, 'a')} is an unsupported function, not an unexpected ','.
 */
final class FilterLexer {
    /** Double literals for the IEEE specials (spec 5.1 [U]); exact case, so they rarely shadow a property. */
    static final String NAN = "NaN";
    static final String INFINITY = "INF";

    /**
     * Words that never name a property, in any case. Arithmetic words (add, sub, ...) are not here: they
     * only mean something where an operator is expected, so a property may be called {@code Add}.
     */
    private static final Set<String> RESERVED = Set.of(
            "and", "or", "not", "eq", "ne", "gt", "ge", "lt", "le", "true", "false", "null");

    private final String text;
    private int pos;

    FilterLexer(String text) {
        this.text = text;
    }

    /** Whether a comparison can name {@code name}: an identifier that the lexer reads back as a property. */
    static boolean isPropertyName(String name) {
        if (name.isEmpty() || !isIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!isIdentifierPart(name.charAt(i))) {
                return false;
            }
        }
        return !RESERVED.contains(name.toLowerCase(Locale.ROOT)) && !name.equals(NAN) && !name.equals(INFINITY);
    }

    static boolean isReserved(String word) {
        return RESERVED.contains(word.toLowerCase(Locale.ROOT));
    }

    Token next() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        int start = pos;
        if (pos == text.length()) {
            return new Token(Token.Kind.END, "", start, null);
        }
        char c = text.charAt(pos);
        if (c == '(' || c == ')') {
            pos++;
            return new Token(c == '(' ? Token.Kind.OPEN : Token.Kind.CLOSE, String.valueOf(c), start, null);
        }
        if (c == '\'') {
            String value = readQuoted("string literal", start);
            return new Token(Token.Kind.LITERAL, text.substring(start, pos), start, PropertyValue.ofString(value));
        }
        if (c == '-' || isDigit(c)) {
            return number();
        }
        if (isIdentifierStart(c)) {
            return word();
        }
        if (c == '$') {
            pos++;
            String name = "$" + readIdentifierPart();
            throw FilterSyntax.error("Unsupported name '" + name + "'", start,
                    "'$' names are not supported inside a filter");
        }
        throw FilterSyntax.error("Unexpected character '" + c + "'", start,
                "expected a property name, a literal, an operator or a parenthesis");
    }

    private Token word() {
        int start = pos;
        String word = readIdentifierPart();
        // A keyword may touch a quote (Name eq'a'); any other word before a quote is a literal prefix.
        if (pos < text.length() && text.charAt(pos) == '\'' && !isReserved(word)) {
            return typedLiteral(word, start);
        }
        if (word.equals(NAN) || word.equals(INFINITY)) {
            double value = word.equals(NAN) ? Double.NaN : Double.POSITIVE_INFINITY;
            return new Token(Token.Kind.LITERAL, word, start, PropertyValue.ofDouble(value));
        }
        return new Token(Token.Kind.WORD, word, start, null);
    }

    private Token typedLiteral(String prefix, int start) {
        String kind = prefix.toLowerCase(Locale.ROOT);
        if (!kind.equals("datetime") && !kind.equals("guid") && !kind.equals("x") && !kind.equals("binary")) {
            throw FilterSyntax.error("Unknown literal prefix '" + prefix + "'", start,
                    "typed literals are datetime'...', guid'...', X'...' and binary'...'");
        }
        String content = readQuoted(prefix + " literal", start);
        PropertyValue value = switch (kind) {
            case "datetime" -> TypedLiterals.dateTime(content, start);
            case "guid" -> TypedLiterals.guid(content, start);
            default -> TypedLiterals.binary(content, start);
        };
        return new Token(Token.Kind.LITERAL, text.substring(start, pos), start, value);
    }

    /** Reads {@code '...'} from the quote at {@code pos}, turning each {@code ''} into one quote. */
    private String readQuoted(String what, int literalStart) {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw FilterSyntax.error("Unterminated " + what, literalStart, "the closing quote is missing");
            }
            char c = text.charAt(pos++);
            if (c == '\'') {
                if (pos < text.length() && text.charAt(pos) == '\'') {
                    pos++;
                } else {
                    return sb.toString();
                }
            }
            sb.append(c);
        }
    }

    private Token number() {
        int start = pos;
        if (text.charAt(pos) == '-') {
            pos++;
            if (text.startsWith(INFINITY, pos) && !isIdentifierPartAt(pos + INFINITY.length())) {
                pos += INFINITY.length();
                return new Token(Token.Kind.LITERAL, "-" + INFINITY, start, PropertyValue.ofDouble(Double.NEGATIVE_INFINITY));
            }
            if (pos == text.length() || !isDigit(text.charAt(pos))) {
                throw FilterSyntax.error("Unexpected '-'", start,
                        "a minus sign may only start a numeric literal; arithmetic is not supported by the Table service");
            }
        }
        skipDigits();
        boolean floating = false;
        if (pos < text.length() && text.charAt(pos) == '.') {
            pos++;
            if (pos == text.length() || !isDigit(text.charAt(pos))) {
                throw malformedNumber(start);
            }
            skipDigits();
            floating = true;
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int exponent = pos + 1;
            if (exponent < text.length() && (text.charAt(exponent) == '+' || text.charAt(exponent) == '-')) {
                exponent++;
            }
            if (exponent == text.length() || !isDigit(text.charAt(exponent))) {
                throw malformedNumber(start);
            }
            pos = exponent;
            skipDigits();
            floating = true;
        }
        String digits = text.substring(start, pos);
        char suffix = pos < text.length() ? text.charAt(pos) : ' ';
        boolean int64 = !floating && (suffix == 'L' || suffix == 'l');
        boolean dSuffix = suffix == 'D' || suffix == 'd';
        if (int64 || dSuffix) {
            pos++;
        }
        if (isIdentifierPartAt(pos) || (pos < text.length() && text.charAt(pos) == '.')) {
            throw malformedNumber(start);
        }
        String source = text.substring(start, pos);
        PropertyValue value = floating || dSuffix ? doubleLiteral(digits, source, start) : integerLiteral(digits, int64, source, start);
        return new Token(Token.Kind.LITERAL, source, start, value);
    }

    private static PropertyValue doubleLiteral(String digits, String source, int start) {
        double value = Double.parseDouble(digits);
        if (Double.isInfinite(value)) {
            throw FilterSyntax.error("Double literal '" + source + "' out of range", start,
                    "the value does not fit Edm.Double");
        }
        return PropertyValue.ofDouble(value);
    }

    private static PropertyValue integerLiteral(String digits, boolean int64, String source, int start) {
        long value;
        try {
            value = Long.parseLong(digits);
        } catch (NumberFormatException tooLong) {
            throw FilterSyntax.error("Integer literal '" + source + "' out of range", start,
                    "the value does not fit Edm.Int64");
        }
        // Unsuffixed but too big for Int32: Azure answers InvalidInput ("Unrecognized 'Edm.Int32' literal"),
        // but Python's SDK writes 2^31..2^32-1 without 'L', so taking it as Int64 serves more clients.
        if (int64 || value != (int) value) {
            return PropertyValue.ofInt64(value);
        }
        return PropertyValue.ofInt32((int) value);
    }

    private RuntimeException malformedNumber(int start) {
        int end = pos;
        while (end < text.length() && (isIdentifierPart(text.charAt(end)) || text.charAt(end) == '.')) {
            end++;
        }
        return FilterSyntax.error("Malformed numeric literal '" + text.substring(start, end) + "'", start,
                "expected digits with an optional fraction, exponent and L or D suffix");
    }

    private void skipDigits() {
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    private String readIdentifierPart() {
        int start = pos;
        while (isIdentifierPartAt(pos)) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private boolean isIdentifierPartAt(int index) {
        return index < text.length() && isIdentifierPart(text.charAt(index));
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentifierStart(char c) {
        return c == '_' || Character.isLetter(c);
    }

    private static boolean isIdentifierPart(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }
}
