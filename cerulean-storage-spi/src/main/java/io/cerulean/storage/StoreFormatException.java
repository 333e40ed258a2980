package io.cerulean.storage;

/**
 * The data was written in a format this build does not read (by a newer release, say). Thrown
 * when a store or a service opens, before anything is changed; the message says which format was
 * found and which this build reads.
 */
public class StoreFormatException extends RuntimeException {
    public StoreFormatException(String message) {
        super(message);
    }
}
