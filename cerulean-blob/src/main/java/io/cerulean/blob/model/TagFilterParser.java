package io.cerulean.blob.model;

import io.cerulean.blob.model.TagFilter.And;
import io.cerulean.blob.model.TagFilter.Comparison;
import io.cerulean.blob.model.TagFilter.Operator;
import io.cerulean.blob.model.TagFilter.Or;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a tag filter, as the service's grammar has it:
 * <pre>
 * filter     := and ( OR and )*                  OR: in x-ms-if-tags only
 * and        := primary ( AND primary )*         AND, OR: any case
 * primary    := '(' filter ')' | key op value
 * key        := '"' text '"' | [A-Za-z0-9_]+ | '@container'    @container: in Find Blobs by Tags only
 * op         := '=' | '<' | '<=' | '>' | '>=' | '<>'             &lt;&gt;: in x-ms-if-tags only
 * value      := "'" text "'"                     a quote inside is doubled
 * </pre>
 * Keys and values are of the characters tags may hold ({@link BlobTags#allowed}). Find Blobs by
 * Tags ({@link Use#FIND}) adds the service's limits: at most 10 distinct tags, a key of 1 to 128
 * characters, a value of at most 256, {@code @container} compared by {@code =} only, and several
 * comparisons of one tag only as a range (one lower bound, one upper). What breaks a rule is a
 * {@link SyntaxError}, which the caller answers as its parameter's refusal.
 */
public final class TagFilterParser {
    /** Where a filter comes from, which decides what it may say. */
    public enum Use {
        /** {@code x-ms-if-tags} and {@code x-ms-source-if-tags}. */
        CONDITION,
        /** Find Blobs by Tags' {@code where}. */
        FIND
    }

    /** A filter that breaks the grammar or a limit, with the position near which it does. */
    public static final class SyntaxError extends IllegalArgumentException {
        SyntaxError(String message) {
            super(message);
        }
    }

    /** Nesting deeper than this is refused rather than risk the stack. */
    private static final int MAX_DEPTH = 64;
    private static final int MAX_FIND_TAGS = 10;

    private final String text;
    private final Use use;
    private int position;
    private final Map<String, List<Operator>> seen = new HashMap<>();

    private TagFilterParser(String text, Use use) {
        this.text = text;
        this.use = use;
    }

    /** The filter {@code text} says; {@link SyntaxError} when it says none. */
    public static TagFilter parse(String text, Use use) {
        TagFilterParser parser = new TagFilterParser(text, use);
        TagFilter filter = parser.or(0);
        parser.skipSpace();
        if (parser.position < text.length()) {
            throw parser.error("unexpected '" + text.charAt(parser.position) + "'");
        }
        if (use == Use.FIND && parser.seen.keySet().stream().allMatch(TagFilter.CONTAINER::equals)) {
            throw parser.error("a query names at least one tag");
        }
        return filter;
    }

    /**
     * The comparisons of a Find Blobs by Tags filter, which has no OR: the terms that must all
     * hold.
     */
    public static List<Comparison> conjunction(TagFilter filter) {
        List<Comparison> terms = new ArrayList<>();
        flatten(filter, terms);
        return terms;
    }

    private static void flatten(TagFilter filter, List<Comparison> terms) {
        if (filter instanceof Comparison comparison) {
            terms.add(comparison);
        } else if (filter instanceof And and) {
            and.terms().forEach(term -> flatten(term, terms));
        } else {
            throw new IllegalArgumentException("a filter with OR is no conjunction: " + filter);
        }
    }

    private TagFilter or(int depth) {
        List<TagFilter> terms = new ArrayList<>();
        terms.add(and(depth));
        while (word("or")) {
            if (use == Use.FIND) {
                throw error("OR is not allowed");
            }
            terms.add(and(depth));
        }
        return terms.size() == 1 ? terms.get(0) : new Or(terms);
    }

    private TagFilter and(int depth) {
        List<TagFilter> terms = new ArrayList<>();
        terms.add(primary(depth));
        while (word("and")) {
            terms.add(primary(depth));
        }
        return terms.size() == 1 ? terms.get(0) : new And(terms);
    }

    private TagFilter primary(int depth) {
        skipSpace();
        if (peek() == '(') {
            if (depth >= MAX_DEPTH) {
                throw error("expressions nest too deep");
            }
            position++;
            TagFilter inner = or(depth + 1);
            skipSpace();
            if (peek() != ')') {
                throw error("expected ')'");
            }
            position++;
            return inner;
        }
        String key = key();
        skipSpace();
        Operator operator = operator();
        skipSpace();
        String value = value();
        note(key, operator);
        return new Comparison(key, operator, value);
    }

    private String key() {
        if (peek() == '"') {
            String key = quoted('"');
            if (key.isEmpty() || use == Use.FIND && key.length() > BlobTags.MAX_KEY_LENGTH) {
                throw keyLength();
            }
            permitted(key);
            return key;
        }
        int start = position;
        if (peek() == '@') {
            position++;
        }
        while (position < text.length() && identifierPart(text.charAt(position))) {
            position++;
        }
        String key = text.substring(start, position);
        if (key.startsWith("@")) {
            if (use == Use.CONDITION || !key.equals(TagFilter.CONTAINER)) {
                throw error("unsupported parameter '" + key + "'");
            }
            return key;
        }
        if (key.isEmpty()) {
            throw error("expected a tag");
        }
        if (use == Use.FIND && key.length() > BlobTags.MAX_KEY_LENGTH) {
            throw keyLength();
        }
        return key;
    }

    private Operator operator() {
        Operator operator;
        if (text.startsWith("<>", position)) {
            operator = Operator.NE;
        } else if (text.startsWith("<=", position)) {
            operator = Operator.LE;
        } else if (text.startsWith(">=", position)) {
            operator = Operator.GE;
        } else if (text.startsWith("=", position)) {
            operator = Operator.EQ;
        } else if (text.startsWith("<", position)) {
            operator = Operator.LT;
        } else if (text.startsWith(">", position)) {
            operator = Operator.GT;
        } else {
            throw error("expected an operator");
        }
        if (operator == Operator.NE && use == Use.FIND) {
            throw error("<> is not allowed");
        }
        position += operator.wire().length();
        return operator;
    }

    private String value() {
        if (peek() != '\'') {
            throw error("expected a value in single quotes");
        }
        String value = quoted('\'');
        if (use == Use.FIND && value.length() > BlobTags.MAX_VALUE_LENGTH) {
            throw error("tag value must be between 0 and " + BlobTags.MAX_VALUE_LENGTH + " characters in length");
        }
        permitted(value);
        return value;
    }

    private SyntaxError keyLength() {
        return error("tag must be between 1 and " + BlobTags.MAX_KEY_LENGTH + " characters in length");
    }

    /** Refuses a key or value holding a character tags may not, naming the first, as the service does. */
    private void permitted(String keyOrValue) {
        for (int i = 0; i < keyOrValue.length(); i++) {
            if (!BlobTags.allowed(keyOrValue.charAt(i))) {
                throw error("'" + keyOrValue.charAt(i) + "' not permitted in tag name or value");
            }
        }
    }

    /** Text between {@code quote}s, a doubled quote standing for one. */
    private String quoted(char quote) {
        position++;
        StringBuilder content = new StringBuilder();
        while (position < text.length()) {
            char c = text.charAt(position++);
            if (c != quote) {
                content.append(c);
            } else if (peek() == quote) {
                content.append(quote);
                position++;
            } else {
                return content.toString();
            }
        }
        throw error("expected a closing " + quote);
    }

    /** Find Blobs by Tags' limits on what the terms name. */
    private void note(String key, Operator operator) {
        if (use != Use.FIND) {
            return;
        }
        if (key.equals(TagFilter.CONTAINER) && operator != Operator.EQ) {
            throw error("@container is compared with = only");
        }
        List<Operator> before = seen.computeIfAbsent(key, k -> new ArrayList<>());
        for (Operator other : before) {
            boolean lower = operator == Operator.GT || operator == Operator.GE;
            boolean otherLower = other == Operator.GT || other == Operator.GE;
            if (operator == Operator.EQ || other == Operator.EQ || lower == otherLower) {
                throw error("can't have multiple conditions for a single tag unless they define a range");
            }
        }
        before.add(operator);
        if (seen.keySet().stream().filter(k -> !k.equals(TagFilter.CONTAINER)).count() > MAX_FIND_TAGS) {
            // The service names no position for this one: it is the whole query that breaks it.
            throw new SyntaxError("Error parsing query: there can be at most " + MAX_FIND_TAGS
                    + " unique tags in a query");
        }
    }

    /** Consumes {@code word} (any case) as a word of its own. */
    private boolean word(String word) {
        skipSpace();
        int end = position + word.length();
        if (end <= text.length() && text.substring(position, end).toLowerCase(Locale.ROOT).equals(word)
                && (end == text.length() || !identifierPart(text.charAt(end)))) {
            position = end;
            return true;
        }
        return false;
    }

    private static boolean identifierPart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    private void skipSpace() {
        while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
            position++;
        }
    }

    private char peek() {
        return position < text.length() ? text.charAt(position) : '\0';
    }

    private SyntaxError error(String why) {
        return new SyntaxError("Error parsing query at or near character position " + position + ": " + why);
    }
}
