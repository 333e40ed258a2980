package io.cerulean.tools.table;

/** An input row that is not an entity: it is reported as rejected, with this message. */
public final class MalformedRowException extends Exception {
    public MalformedRowException(String message) {
        super(message);
    }
}
