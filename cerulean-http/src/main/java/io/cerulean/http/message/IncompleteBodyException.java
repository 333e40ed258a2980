package io.cerulean.http.message;

import java.io.IOException;

/**
 * A streamed request body that cannot be read to its end: the client closed the connection, sent
 * a malformed chunk, or sent nothing for longer than the server waits. No answer reaches such a
 * client, so a service only stops, writing nothing it has not finished.
 */
public final class IncompleteBodyException extends IOException {
    public IncompleteBodyException(String message) {
        super(message);
    }
}
