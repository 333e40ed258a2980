package io.cerulean.app.control;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of the control protocol: a flat JSON object of string and integer fields, on one line.
 *
 * <pre>
 * client:  {"command":"backup","directory":"/abs/path"}        one request per connection
 * server:  {"event":"expect","items":1042,"bytes":73400320}      totals, once known (zero or more)
 *          {"event":"add","items":12,"bytes":1048576}            done since the last line (zero or more)
 *          {"event":"done", ...what was done}                   last line: success,
 *          {"event":"refused","message":"..."}                   or refused, nothing changed,
 *          {"event":"failed","message":"..."}                    or failed midway
 * </pre>
 * The connection is closed after the last line. A client that closes it earlier cancels the work,
 * which the server then undoes as far as it can.
 *
 * @param fields the object's fields in order, each a {@link String} or a {@link Long}
 */
public record ControlMessage(Map<String, Object> fields) {
    public static final String COMMAND = "command";
    public static final String EVENT = "event";
    public static final String MESSAGE = "message";
    public static final String EXPECT = "expect";
    public static final String ADD = "add";
    public static final String DONE = "done";
    public static final String REFUSED = "refused";
    public static final String FAILED = "failed";
    /** A request line longer than this is not read. */
    static final int MAX_LINE = 64 * 1024;

    public ControlMessage {
        Objects.requireNonNull(fields, "fields");
        for (Map.Entry<String, Object> field : fields.entrySet()) {
            if (!(field.getValue() instanceof String) && !(field.getValue() instanceof Long)) {
                throw new IllegalArgumentException("field " + field.getKey() + " is neither a string nor an integer");
            }
        }
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** A message of alternating names and values. */
    public static ControlMessage of(Object... namesAndValues) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            Object value = namesAndValues[i + 1];
            fields.put((String) namesAndValues[i], value instanceof Integer n ? Long.valueOf(n) : value);
        }
        return new ControlMessage(fields);
    }

    /** A last line: refused or failed, with why. */
    public static ControlMessage ending(String event, String message) {
        return of(EVENT, event, MESSAGE, message);
    }

    public Optional<String> string(String name) {
        return fields.get(name) instanceof String s ? Optional.of(s) : Optional.empty();
    }

    public long number(String name) {
        return fields.get(name) instanceof Long n ? n : 0;
    }

    /** The event of a server's line, or the command of a request; empty when there is none. */
    public String kind() {
        return string(EVENT).or(() -> string(COMMAND)).orElse("");
    }

    /** Whether this is a server's last line. */
    public boolean isLast() {
        String event = string(EVENT).orElse("");
        return event.equals(DONE) || event.equals(REFUSED) || event.equals(FAILED);
    }

    /** The line, without its line feed. */
    public String encode() {
        return FlatJson.write(fields, false);
    }

    /**
     * Reads one line.
     *
     * @throws IllegalArgumentException when it is not a flat JSON object of strings and integers
     */
    public static ControlMessage parse(String line) {
        return new ControlMessage(FlatJson.read(line));
    }
}
