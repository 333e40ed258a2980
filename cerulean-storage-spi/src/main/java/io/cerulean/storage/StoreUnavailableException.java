package io.cerulean.storage;

/**
 * The store cannot answer now: its engine failed, timed out or is closed. Nothing is known to have
 * changed (a store whose engine cannot tell whether a write applied finds out before it throws
 * this). Services answer 503 ServerBusy, which clients retry.
 */
public class StoreUnavailableException extends RuntimeException {
    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreUnavailableException(String message) {
        super(message);
    }
}
