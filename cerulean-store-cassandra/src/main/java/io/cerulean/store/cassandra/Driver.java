package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.cerulean.storage.StoreUnavailableException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/** Small helpers around the driver: waiting on its futures, copying its bytes, naming its failures. */
final class Driver {
    private Driver() {
    }

    /** The stage's result, its failure rethrown as the driver threw it. */
    static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for Cassandra", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new CompletionException(cause);
        }
    }

    /** A copy of a blob's bytes (null stays null). */
    static byte[] bytes(ByteBuffer buffer) {
        if (buffer == null) {
            return null;
        }
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    /** The bytes {@code array[offset, offset + length)} as a blob, without a copy. */
    static ByteBuffer blob(byte[] array, int offset, int length) {
        return ByteBuffer.wrap(array, offset, length).slice();
    }

    /**
     * What a failed read or definite non-write becomes: the cluster could not answer (unreachable,
     * too few replicas, timed out), so the caller answers 503. A statement the cluster
     * refused as invalid is this store's bug, and says so.
     */
    static RuntimeException unavailable(String what, RuntimeException failure) {
        if (failure instanceof QueryValidationException) {
            return new IllegalStateException("Cassandra refused the store's own statement while " + what, failure);
        }
        if (failure instanceof StoreUnavailableException unavailable) {
            return unavailable;
        }
        if (failure instanceof DriverException || failure instanceof CompletionException) {
            return new StoreUnavailableException("Cassandra could not answer while " + what + ": "
                    + failure.getMessage(), failure);
        }
        return failure;
    }
}
