package io.cerulean.tools.table;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The little JSON the JSON Lines format needs: one flat object per line, whose values are strings,
 * numbers (kept as their text, so that no precision is lost before the type is known), booleans
 * and null. Nested objects and arrays are not entity values and are refused.
 */
final class Json {
    /** A number as written, to be read as the type its annotation or its form says. */
    record Number(String text) {
    }

    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    /** The object's members in order: String, {@link Number}, Boolean or null values. */
    static Map<String, Object> parseObject(String line) throws MalformedRowException {
        Json json = new Json(line);
        Map<String, Object> members = json.object();
        json.space();
        if (json.at != line.length()) {
            throw json.error("text after the object");
        }
        return members;
    }

    private Map<String, Object> object() throws MalformedRowException {
        space();
        expect('{');
        Map<String, Object> members = new LinkedHashMap<>();
        space();
        if (peek() == '}') {
            at++;
            return members;
        }
        while (true) {
            space();
            String name = string();
            space();
            expect(':');
            space();
            if (members.put(name, value()) != null) {
                throw error("property " + name + " given twice");
            }
            space();
            char c = next();
            if (c == '}') {
                return members;
            }
            if (c != ',') {
                throw error("expected , or }");
            }
        }
    }

    private Object value() throws MalformedRowException {
        char c = peek();
        if (c == '"') {
            return string();
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            return number();
        }
        if (text.startsWith("true", at)) {
            at += 4;
            return Boolean.TRUE;
        }
        if (text.startsWith("false", at)) {
            at += 5;
            return Boolean.FALSE;
        }
        if (text.startsWith("null", at)) {
            at += 4;
            return null;
        }
        throw error(c == '{' || c == '[' ? "a property value is a string, number or boolean" : "expected a value");
    }

    private Number number() throws MalformedRowException {
        int start = at;
        if (peek() == '-') {
            at++;
        }
        digits();
        if (at < text.length() && text.charAt(at) == '.') {
            at++;
            digits();
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            at++;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at++;
            }
            digits();
        }
        return new Number(text.substring(start, at));
    }

    private void digits() throws MalformedRowException {
        int start = at;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        if (at == start) {
            throw error("expected a digit");
        }
    }

    private String string() throws MalformedRowException {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("a control character in a string must be escaped");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    try {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("bad \\u escape");
                    }
                    at += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private void space() {
        while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '\t' || text.charAt(at) == '\r')) {
            at++;
        }
    }

    private char peek() throws MalformedRowException {
        if (at >= text.length()) {
            throw error("unexpected end of line");
        }
        return text.charAt(at);
    }

    private char next() throws MalformedRowException {
        char c = peek();
        at++;
        return c;
    }

    private void expect(char c) throws MalformedRowException {
        if (next() != c) {
            at--;
            throw error("expected " + c);
        }
    }

    private MalformedRowException error(String what) {
        return new MalformedRowException("not a JSON entity: " + what + " at column " + (at + 1));
    }

    /** Appends {@code s} as a JSON string: quotes, backslashes and control characters escaped, the rest as is. */
    static void appendString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c) && !pairedAt(s, i)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Whether the surrogate at {@code i} is half of a well-formed pair (a lone one has no UTF-8 form). */
    private static boolean pairedAt(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
