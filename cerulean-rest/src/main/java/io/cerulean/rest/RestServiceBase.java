package io.cerulean.rest;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.pipeline.RestService;
import io.cerulean.http.pipeline.RoutedOperation;
import io.cerulean.http.pipeline.Target;
import io.cerulean.storage.StoreUnavailableException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A service as the kernel's pipeline runs it, built one way for every service: its operations are an
 * enum {@code O} that routes to and tells the kernel what it needs ({@link RoutedOperation}), each run
 * by one handler {@code H}; a subclass parses, routes, authorizes and hands the request to the
 * operation's handler ({@link #handler}), and says what else differs. Errors are XML unless the
 * subclass says otherwise ({@link #xmlErrors}). Stateless and thread-safe, as its handlers are.
 *
 * @param <T> what a URL addresses
 * @param <O> the service's operations
 * @param <G> what an authenticated caller may do
 * @param <H> what runs one operation
 */
public abstract class RestServiceBase<T extends Target, O extends Enum<O> & RoutedOperation, G, H>
        implements RestService<T, O, G> {
    private final ResponseStyle style;
    private final int maxRequestBodyBytes;
    private final Supplier<CompletableFuture<Void>> durability;
    private final Map<O, H> handlers;

    /**
     * @param durability completes once every write acknowledged so far would survive a crash
     * @param handlers   the handler of each operation
     * @throws IllegalStateException when an operation of {@code operations} has no handler
     */
    protected RestServiceBase(ResponseStyle style, int maxRequestBodyBytes,
                              Supplier<CompletableFuture<Void>> durability, Class<O> operations, Map<O, H> handlers) {
        this.style = style;
        this.maxRequestBodyBytes = maxRequestBodyBytes;
        this.durability = durability;
        this.handlers = new EnumMap<>(handlers);
        for (O operation : operations.getEnumConstants()) {
            if (!this.handlers.containsKey(operation)) {
                throw new IllegalStateException("the operation " + operation + " has no class to run it");
            }
        }
    }

    /** What runs {@code operation}. */
    public final H handler(O operation) {
        return handlers.get(operation);
    }

    @Override
    public final CompletableFuture<Void> whenDurable() {
        return durability.get();
    }

    /** Every body is XML, errors too, unless the service says otherwise. */
    @Override
    public boolean xmlErrors(T target, AzureRequest request) {
        return true;
    }

    @Override
    public final ResponseStyle responseStyle() {
        return style;
    }

    @Override
    public final int maxRequestBodyBytes() {
        return maxRequestBodyBytes;
    }

    /** The store could not answer: nothing is known to have changed, so ServerBusy, which clients retry. */
    @Override
    public final Optional<ServiceException> explain(RuntimeException failure) {
        if (failure instanceof StoreUnavailableException) {
            return Optional.of(new ServiceException(CommonError.SERVER_BUSY));
        }
        return Optional.empty();
    }
}
