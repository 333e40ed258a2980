package io.cerulean.app.control;

import java.io.IOException;

/** What the server does for one request on the control socket, on its admin thread. */
@FunctionalInterface
public interface ControlCommand {
    /**
     * Answers {@code request} through {@code replies}, ending with its last line
     * ({@link ControlMessage#isLast}). An exception thrown is answered as {@code failed}.
     *
     * @throws IOException when the client is gone: the work is cancelled
     */
    void run(ControlMessage request, Replies replies) throws IOException;

    /** The lines sent back to the client. */
    @FunctionalInterface
    interface Replies {
        /** Sends one line; throws when the client has gone (closed the connection). */
        void send(ControlMessage line) throws IOException;
    }
}
