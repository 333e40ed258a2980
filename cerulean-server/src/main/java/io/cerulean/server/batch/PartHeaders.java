package io.cerulean.server.batch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The header block of a MIME part or of an embedded HTTP request: names in any case (JS sends
 * {@code content-type:}), values trimmed, in the order sent. Immutable.
 */
record PartHeaders(Map<String, List<String>> values) {
    static final PartHeaders NONE = new PartHeaders(Map.of());
    /** Far more than any client sends (about ten); a bound so that hostile input cannot make a huge map. */
    static final int MAX_LINES = 200;

    PartHeaders {
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        values.forEach((name, list) -> copy.computeIfAbsent(name, n -> new ArrayList<>()).addAll(list));
        copy.replaceAll((name, list) -> List.copyOf(list));
        values = Collections.unmodifiableMap(copy);
    }

    /**
     * Reads header lines from the cursor's next line up to and including the blank line that ends
     * the block (or the end of the range). A line starting with a space or tab continues the
     * previous value (RFC 5322 folding); a line without a colon, or more than {@link #MAX_LINES}
     * lines, make the body malformed.
     */
    static PartHeaders read(LineCursor lines) {
        Map<String, List<String>> values = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        String lastName = null;
        int count = 0;
        while (lines.advance() && !lines.blank()) {
            if (++count > MAX_LINES) {
                throw MultipartReader.malformed("a header block has more than " + MAX_LINES + " lines");
            }
            String line = lines.text();
            if (lastName != null && (line.charAt(0) == ' ' || line.charAt(0) == '\t')) {
                List<String> last = values.get(lastName);
                last.set(last.size() - 1, (last.get(last.size() - 1) + " " + line.trim()).trim());
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw MultipartReader.malformed("the header line '" + abbreviate(line) + "' has no name and colon");
            }
            lastName = line.substring(0, colon).trim();
            values.computeIfAbsent(lastName, n -> new ArrayList<>()).add(line.substring(colon + 1).trim());
        }
        return values.isEmpty() ? NONE : new PartHeaders(values);
    }

    /** The first value of a header, or null. */
    String first(String name) {
        List<String> list = values.get(name);
        return list == null || list.isEmpty() ? null : list.get(0);
    }

    /** Every value of a header, in order; empty when absent. */
    List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }

    static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }
}
