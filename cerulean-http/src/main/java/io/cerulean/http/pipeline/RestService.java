package io.cerulean.http.pipeline;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.throttle.Load;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What a storage service plugs into the {@link RequestPipeline}: its URLs, its routing, its
 * authorization and its operations, each called at its stage and only if the stages before it
 * passed. Every method may throw a {@link io.cerulean.common.error.ServiceException}, which the
 * pipeline renders. Called for every request: implementations keep the calls allocation-free where
 * the work itself is (routes are prebuilt, targets are the service's own parsed values).
 *
 * @param <T> what a URL addresses (the Table service: account, table, entity keys)
 * @param <R> a route: the operation a method selects on a target, which tells the kernel all it asks of
 *            the request ({@link RoutedOperation})
 * @param <G> what an authenticated caller may do (the service's {@link io.cerulean.http.auth.Grants})
 */
public interface RestService<T extends Target, R extends RoutedOperation, G> {
    /** The service's name, as {@code /$metrics} labels its requests: {@code table}, {@code queue}, {@code blob}. */
    String name();

    /** Parse: what the URL addresses, or 400 InvalidUri. */
    T parse(AzureRequest request);

    /**
     * Route: the operation the method selects on the target, or 405 (or the service's own refusal).
     * Asked once per request, of its head (its body may not have arrived): the kernel asks the route,
     * not the service, everything else it needs to know of the request. A write to the secondary
     * endpoint is refused by the kernel after this ({@link Target#secondary}).
     */
    R route(T target, AzureRequest request);

    /**
     * Validate: whether the request, buffered body and all, is one the operation takes beyond its
     * method (the Table service's OData operations speak JSON only), or the service's refusal. Runs
     * once the request is routed, before it is authorized; by default every request is.
     */
    default void validate(R route, T target, AzureRequest request) {
    }

    /** Authorize: whether the caller's grant covers the route on the target, or 403. */
    void authorize(G grant, R route, T target);

    /**
     * Throttle: what the request asks of a per-resource scalability target (a queue's messages, a
     * blob's requests), as its head says, or null when it names none; the account's targets are the
     * kernel's to count. Asked only when targets are enforced, after authorize. What the service
     * learns only as it runs it counts itself ({@link io.cerulean.http.throttle.Throttle#admit(Load)}).
     */
    default Load load(R route, T target, AzureRequest request) {
        return null;
    }

    /** Execute: runs the operation once, all or nothing, and builds its response. */
    AzureResponse execute(R route, T target, G grant, AzureRequest request, String requestId);

    /**
     * Execute, for an operation whose body carries requests of its own (the Blob service's batch):
     * {@code subRequests} answers each as if it had come alone. By default the operation carries none.
     */
    default AzureResponse execute(R route, T target, G grant, AzureRequest request, String requestId,
                                  SubRequests subRequests) {
        return execute(route, target, grant, request, requestId);
    }

    /** Completes once every write acknowledged so far would survive a crash. */
    CompletableFuture<Void> whenDurable();

    /**
     * Whether an error is rendered as the XML {@code <Error>} rather than the service's own body
     * ({@link ResponseStyle#otherErrors()}). {@code target} is null when the URL could not be parsed.
     */
    boolean xmlErrors(T target, AzureRequest request);

    /** How this service's responses look beyond what every service shares. */
    ResponseStyle responseStyle();

    /** The largest request body the service buffers; a larger one is refused before it is read. */
    int maxRequestBodyBytes();

    /**
     * Whether any of the service's operations streams its body ({@link RoutedOperation#streamedBodyLimit});
     * the Table service's do not.
     */
    default boolean streamsBodies() {
        return false;
    }

    /**
     * Receive: where the streamed body of an authorized request goes as it arrives; the operation
     * then finds it whole as {@link AzureRequest#receivedBody}. May refuse the request from its head
     * alone, before a byte of the body is kept. Called only for requests whose route
     * {@linkplain RoutedOperation#streamedBodyLimit streams} the body, never on an event loop.
     */
    default BodySink receive(R route, T target, AzureRequest request) {
        throw new IllegalStateException("this service streams no request body");
    }

    /**
     * What an unexpected failure at any stage means to the client: the Azure error for a failure
     * that is not a defect (a store that cannot answer is 503 ServerBusy, which clients retry), or
     * empty for a defect, which the pipeline logs and answers 500 InternalError.
     */
    default Optional<ServiceException> explain(RuntimeException failure) {
        return Optional.empty();
    }

    /**
     * Puts what the service keeps of {@code account} outside its semantics (its service properties,
     * what it remembers in memory) back to a new account's, durably: part of a reset, once the
     * account's data is removed. By default it keeps nothing.
     */
    default void resetAccount(String account) {
    }
}
