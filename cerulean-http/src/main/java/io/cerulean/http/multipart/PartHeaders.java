package io.cerulean.http.multipart;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The header block of a MIME part or of an embedded HTTP request: names in any case (JS sends
 * {@code content-type:}), values trimmed, in the order sent. Immutable.
 *
 * <p>A block holds a handful of headers and is read once per operation of a batch, so it is kept
 * as a flat list of names and values and searched in order, rather than built into a map.
 */
public final class PartHeaders {
    public static final PartHeaders NONE = new PartHeaders(List.of());
    /** Far more than any client sends (about ten); a bound so that hostile input cannot make a huge map. */
    public static final int MAX_LINES = 200;

    /** Name, value, name, value... */
    private final List<String> namesAndValues;

    private PartHeaders(List<String> namesAndValues) {
        this.namesAndValues = namesAndValues;
    }

    /** A block with these headers, the names in the map's order. */
    public static PartHeaders of(Map<String, List<String>> values) {
        List<String> namesAndValues = new ArrayList<>();
        values.forEach((name, list) -> list.forEach(value -> {
            namesAndValues.add(name);
            namesAndValues.add(value);
        }));
        return new PartHeaders(List.copyOf(namesAndValues));
    }

    /**
     * Reads header lines from the cursor's next line up to and including the blank line that ends
     * the block (or the end of the range). A line starting with a space or tab continues the
     * previous value (RFC 5322 folding); a line without a colon, or more than {@link #MAX_LINES}
     * lines, make the body malformed.
     */
    public static PartHeaders read(LineCursor lines) {
        List<String> namesAndValues = new ArrayList<>(16);
        byte[] data = lines.data();
        int count = 0;
        while (lines.advance() && !lines.blank()) {
            if (++count > MAX_LINES) {
                throw MultipartReader.malformed("a header block has more than " + MAX_LINES + " lines");
            }
            int last = namesAndValues.size() - 1;
            byte first = data[lines.start()];
            if (last > 0 && (first == ' ' || first == '\t')) {
                namesAndValues.set(last, (namesAndValues.get(last) + " " + lines.text().trim()).trim());
                continue;
            }
            // ':' is ASCII, so it is never part of a UTF-8 sequence: the bytes can be split before decoding.
            int colon = lines.indexOf((byte) ':');
            if (colon <= lines.start()) {
                throw MultipartReader.malformed("the header line '" + abbreviate(lines.text()) + "' has no name and colon");
            }
            namesAndValues.add(CommonText.trimmed(data, lines.start(), colon));
            namesAndValues.add(CommonText.trimmed(data, colon + 1, lines.end()));
        }
        return namesAndValues.isEmpty() ? NONE : new PartHeaders(namesAndValues);
    }

    /** The first value of a header, or null. */
    public String first(String name) {
        for (int i = 0; i < namesAndValues.size(); i += 2) {
            if (namesAndValues.get(i).equalsIgnoreCase(name)) {
                return namesAndValues.get(i + 1);
            }
        }
        return null;
    }

    /** Every value of a header, in order; empty when absent. */
    public List<String> all(String name) {
        List<String> values = new ArrayList<>(1);
        for (int i = 0; i < namesAndValues.size(); i += 2) {
            if (namesAndValues.get(i).equalsIgnoreCase(name)) {
                values.add(namesAndValues.get(i + 1));
            }
        }
        return values;
    }

    public boolean isEmpty() {
        return namesAndValues.isEmpty();
    }

    /** Each header line's name and value, in the order sent. */
    public void forEach(BiConsumer<String, String> action) {
        for (int i = 0; i < namesAndValues.size(); i += 2) {
            action.accept(namesAndValues.get(i), namesAndValues.get(i + 1));
        }
    }

    public static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }
}
