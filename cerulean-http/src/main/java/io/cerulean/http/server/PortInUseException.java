package io.cerulean.http.server;

/** The address to listen on is taken by another process. */
public final class PortInUseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PortInUseException(String host, int port, Throwable cause) {
        super("cannot listen on " + host + ":" + port + ": the port is already in use", cause);
    }

    private PortInUseException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The same failure, saying whose port it was and what to do about it. */
    public PortInUseException explained(String whose, String remedy) {
        return new PortInUseException(getMessage() + " (" + whose + "); " + remedy, getCause());
    }
}
