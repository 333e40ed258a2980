package io.cerulean.http.pipeline;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.cors.CorsPolicy;
import io.cerulean.http.faults.Faults;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.cerulean.http.message.Deadline;
import io.cerulean.http.message.Refusals;
import io.cerulean.http.message.ServerTimeout;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.metrics.MetricsHandler;
import io.cerulean.http.metrics.RequestMetrics;
import io.cerulean.http.server.RequestHandler;
import io.cerulean.http.message.IncompleteBodyException;
import io.cerulean.http.requestlog.RequestFacts;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.requestlog.RequestLogEntry;
import io.cerulean.http.reset.ResetGrant;
import io.cerulean.http.reset.Resetter;
import io.cerulean.http.throttle.Throttle;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The path of every request, as one visible list of stages; the service supplies the ones marked
 * with its method ({@link RestService}):
 * <ol>
 *   <li>limits: a body over {@link RestService#maxRequestBodyBytes()} was refused with 413 before it
 *       was buffered, and malformed HTTP with 400 (by the server, before this pipeline); a body the
 *       service streams (its route's {@link RoutedOperation#streamedBodyLimit}) is not buffered at
 *       all;</li>
 *   <li>CORS: an {@code OPTIONS} request is a preflight, answered from the account's CORS rules
 *       before (and instead of) every other stage;</li>
 *   <li>parse ({@link RestService#parse}): the URL names an account and a resource, or the request is
 *       an InvalidUri; an {@code x-ms-version} that is not a date is an InvalidHeaderValue
 *       ({@link ApiVersion});</li>
 *   <li>faults: a request a fault rule picks ({@link FaultStage}) is answered with the rule's fault,
 *       before its operation (which then never runs) or after it (its answer lost); off unless rules
 *       are given. {@code /{account}/$faults} reads and sets the rules ({@link FaultEndpoint}), and
 *       {@code POST /{account}/$reset} wipes the account's data, when allowed ({@link ResetEndpoint});</li>
 *   <li>authenticate: a Shared Key signature, a SAS or a bearer token is right for that account, or
 *       403 and nothing runs;</li>
 *   <li>route ({@link RestService#route}): the method is allowed on the resource, or 405; a write to
 *       the read-only secondary endpoint is 403 InsufficientAccountPermissions;</li>
 *   <li>validate ({@link RestService#validate}): the request is one the operation takes;</li>
 *   <li>authorize ({@link RestService#authorize}): what the caller was granted covers the operation,
 *       or 403;</li>
 *   <li>throttle ({@link Throttle}, when scalability targets are enforced): the account's request
 *       rate, the bytes the request sends and the account's egress, and what its head asks of a
 *       partition, queue or blob ({@link RestService#load}) are within Azure's targets, or 503
 *       ServerBusy with Azure's message and nothing runs; the bytes of the answer are charged once
 *       it is made;</li>
 *   <li>timeout: the request is due by its {@code timeout} from its arrival, at most what its operation
 *       allows ({@link ServerTimeout}); an operation not begun by then, a streamed body not in by then,
 *       and one that checks it before committing is 500 OperationTimedOut, having changed nothing;</li>
 *   <li>receive ({@link RestService#receive}): a streamed body is poured, as it arrives, into the
 *       sink the service chose for the operation, and the operation runs once the body is whole.
 *       No thread waits for the client meanwhile;</li>
 *   <li>execute ({@link RestService#execute}): the operation runs once, all or nothing; one whose
 *       body carries requests of its own (the Blob batch) has each answered through these same
 *       stages, from parse to render, as if it had come alone ({@link SubRequests});</li>
 *   <li>durability: a write that succeeded is answered once what it wrote is durable;</li>
 *   <li>render: common headers on success, the Azure error (code, status, body) on failure, and the
 *       {@code Access-Control-*} headers the account's CORS rules call for on every response.</li>
 * </ol>
 * A failure the client caused never becomes a 500. An unexpected one is what the service says it
 * is ({@link RestService#explain}: a store that cannot answer is a 503 ServerBusy, with
 * Retry-After), else it is logged and is a 500 InternalError. A streamed body the client stopped
 * sending ({@link IncompleteBodyException}) is a 400 InvalidInput. A request that runs out of heap is
 * a 503 ServerBusy too; clients retry both. A store that cannot answer is logged once, and again
 * when the reason changes or writes succeed again, not for every request it refuses.
 *
 * <p>A request is parsed and routed once, from its head, as soon as the server asks about it
 * ({@link #routed}): whether it runs on the event loop, whether its body is streamed and whether its
 * answer waits for durability are its route's to say ({@link RoutedOperation}). A refusal found then
 * is answered at its own stage, so that, as ever, a caller who is not authenticated learns nothing
 * of the resource.
 *
 * <p>Every answer is timed from arrival into {@code cerulean_requests_seconds} on {@code /$metrics},
 * by service, operation and status class, with its body bytes and error code ({@link RequestMetrics}):
 * a Blob batch as the batch alone, the kernel's own answers under their own names.
 *
 * <p>Every answer, errors included, carries an {@code x-ms-request-id}; the {@link RequestLog}, when
 * on, has a line for each with that id, and every 500 is logged at error level with it.
 */
public final class RequestPipeline<T extends Target, R extends RoutedOperation, G> implements RequestHandler {
    private static final Logger log = LoggerFactory.getLogger(RequestPipeline.class);

    private final RestService<T, R, G> service;
    private final RequestAuthenticator<G> authenticator;
    private final CorsPolicy cors;
    private final ResponseRenderer renderer;
    private final Metrics metrics;
    private final RequestLog requestLog;
    private final Throttle throttle;
    private final StoreHealthLog storeHealth = new StoreHealthLog();
    private final FaultStage faults;
    private final RequestMetrics requestMetrics;
    private final ResetEndpoint reset;

    public RequestPipeline(RestService<T, R, G> service, RequestAuthenticator<G> authenticator, CorsPolicy cors,
                           Metrics metrics) {
        this(service, authenticator, cors, metrics, RequestLog.OFF, Throttle.OFF, FaultStage.off(),
                new RequestMetrics(metrics.registry(), service.name(),
                        route -> ((RoutedOperation) route).operationName()), ResetEndpoint.OFF);
    }

    private RequestPipeline(RestService<T, R, G> service, RequestAuthenticator<G> authenticator, CorsPolicy cors,
                            Metrics metrics, RequestLog requestLog, Throttle throttle, FaultStage faults,
                            RequestMetrics requestMetrics, ResetEndpoint reset) {
        this.service = service;
        this.authenticator = authenticator;
        this.cors = cors;
        this.renderer = new ResponseRenderer(service.responseStyle());
        this.metrics = metrics;
        this.requestLog = requestLog;
        this.throttle = throttle;
        this.faults = faults;
        this.requestMetrics = requestMetrics; // one per service, whatever copies of the pipeline are made
        this.reset = reset;
    }

    /** The same pipeline, recording every answer in {@code requestLog}. */
    public RequestPipeline<T, R, G> withRequestLog(RequestLog requestLog) {
        return new RequestPipeline<>(service, authenticator, cors, metrics, requestLog, throttle, faults,
                requestMetrics, reset);
    }

    /** The same pipeline, holding every request to the scalability targets {@code throttle} enforces. */
    public RequestPipeline<T, R, G> withThrottle(Throttle throttle) {
        return new RequestPipeline<>(service, authenticator, cors, metrics, requestLog, throttle, faults,
                requestMetrics, reset);
    }

    /** The same pipeline, injecting the faults {@code faults} picks for {@code serviceName} ({@code table}...). */
    public RequestPipeline<T, R, G> withFaults(Faults faults, String serviceName) {
        return new RequestPipeline<>(service, authenticator, cors, metrics, requestLog, throttle,
                new FaultStage(faults, serviceName), requestMetrics, reset);
    }

    /** The same pipeline, wiping accounts through {@code resetter} as far as {@code grant} allows ({@link ResetEndpoint}). */
    public RequestPipeline<T, R, G> withReset(ResetGrant grant, Resetter resetter) {
        return new RequestPipeline<>(service, authenticator, cors, metrics, requestLog, throttle, faults,
                requestMetrics, new ResetEndpoint(grant, resetter));
    }

    /** Puts what this pipeline's service keeps of {@code account} back to a new account's ({@link RestService#resetAccount}). */
    public void resetAccount(String account) {
        service.resetAccount(account);
    }

    /**
     * Answers {@code request} through {@code reply}: at once, or, for a write that succeeded, once
     * what it wrote is durable. Nothing waits meanwhile: {@code reply} runs on the thread that
     * learns of the sync, so it must only hand the response on.
     */
    @Override
    public void handle(AzureRequest request, Consumer<AzureResponse> answer) {
        String requestId = RequestIds.next();
        // Nothing is timed or allocated for the log when it is off.
        long started = System.nanoTime();
        Routing<T, R> routing = routing(request); // filled in by the stages, read by the metrics once answered
        KernelRequest kernel = kernelRequest(request);
        Consumer<AzureResponse> timed = metered(request, routing, kernel, started, answer);
        Consumer<AzureResponse> reply = requestLog == RequestLog.OFF ? timed : logged(request, requestId, started, timed);
        if (kernel != null) {
            answerKernel(kernel, request, requestId, reply);
            return;
        }
        reply = faults(request, routing, requestId, reply);
        if (reply == null) {
            return; // its fault was answered
        }
        if (request.streamsBody()) {
            receive(request, routing, requestId, reply);
            return;
        }
        answer(request, routing, requestId, stages(request, routing, requestId), reply);
    }

    /** The kernel's own answers: a preflight, a scrape, the fault rules, a reset. */
    private void answerKernel(KernelRequest kernel, AzureRequest request, String requestId,
                              Consumer<AzureResponse> reply) {
        switch (kernel.kind()) {
            case PREFLIGHT -> reply.accept(preflight(request, requestId));
            // Counters only, no data.
            case SCRAPE -> reply.accept(cors.decorate(request, AzureResponse.status(200).body(
                    MetricsHandler.CONTENT_TYPE, metrics.scrape().get().getBytes(StandardCharsets.UTF_8))));
            case FAULTS -> reply.accept(faultRules(request, kernel.account(), requestId));
            case RESET -> reset(request, kernel.account(), requestId, reply);
        }
    }

    /**
     * Parses and routes the request's head, once: the server asks it where the request runs and whether
     * its body is streamed, and hands it to {@link #handle}, all from what is found here.
     */
    @Override
    public AzureRequest routed(AzureRequest head) {
        if (head.routing() != null || kernelRequest(head) != null) {
            return head;
        }
        return head.withRouting(Routing.of(service, head));
    }

    /** What the kernel answers of the request itself, never parsed nor routed; null when the service does. */
    private KernelRequest kernelRequest(AzureRequest request) {
        return KernelRequest.of(request, cors.urls(), metrics.onServicePorts());
    }

    /** The faults stage: where the answer goes, or null when a fault was answered instead ({@link FaultStage}). */
    private Consumer<AzureResponse> faults(AzureRequest request, Routing<T, R> routing, String requestId,
                                           Consumer<AzureResponse> reply) {
        T target = routing.targetOrNull();
        R route = routing.routeOrNull();
        return target == null || route == null ? reply : faults.apply(request, target, route, requestId,
                e -> cors.decorate(request, renderer.error(e, request, requestId, service.xmlErrors(target, request))),
                reply);
    }

    /** {@code /{account}/$faults}: the account's fault rules, for its key alone ({@link FaultEndpoint}). */
    private AzureResponse faultRules(AzureRequest request, String account, String requestId) {
        try {
            return renderer.success(FaultEndpoint.answer(request, account, faults.faults(), authenticator), request,
                    requestId);
        } catch (ServiceException e) {
            return renderer.error(e, request, requestId, service.xmlErrors(null, request));
        }
    }

    /** {@code answer}, recording the answer first into the request metrics of its operation. */
    private Consumer<AzureResponse> metered(AzureRequest request, Routing<T, R> routing, KernelRequest kernel,
                                            long started, Consumer<AzureResponse> answer) {
        requestMetrics.started();
        return response -> {
            R route = routing.routeOrNull();
            (route != null ? requestMetrics.of(route) : requestMetrics.of(kernel != null
                    ? kernel.kind().operationName() : RequestMetrics.UNKNOWN)).answered(
                    System.nanoTime() - started, response, request.streamsBody() ? 0 : request.body().length,
                    bodyBytes(request, response));
            answer.accept(response);
        };
    }

    /** {@code /{account}/$reset}: the account's data wiped, when allowed ({@link ResetEndpoint}), answered once durable. */
    private void reset(AzureRequest request, String account, String requestId, Consumer<AzureResponse> reply) {
        AzureResponse response;
        try {
            response = renderer.success(reset.answer(request, account, authenticator), request, requestId);
        } catch (RuntimeException e) {
            reply.accept(failure(e, request, requestId, null));
            return;
        }
        reset.whenDurable().whenComplete((ignored, failed) ->
                reply.accept(failed == null ? response : failure(failed, request, requestId, null)));
    }

    /** What {@link #routed} found of the request, or, for one handed in unrouted, what its stages will find. */
    @SuppressWarnings("unchecked")
    private Routing<T, R> routing(AzureRequest request) {
        return request.routing() instanceof Routing<?, ?> routing ? (Routing<T, R>) routing : new Routing<>();
    }

    /** The route found for the request's head, or null when it has none (refused, or the kernel's own). */
    private R routeOf(AzureRequest request) {
        if (request.routing() == null && kernelRequest(request) == null) {
            return Routing.of(service, request).routeOrNull(); // asked of a request that was not routed()
        }
        return routing(request).routeOrNull();
    }

    /** Sends the response, once what the request wrote is durable if it may have written. */
    private void answer(AzureRequest request, Routing<T, R> routing, String requestId, AzureResponse result,
                        Consumer<AzureResponse> reply) {
        AzureResponse response = cors.decorate(request, result);
        if (!mayHaveWritten(routing, response)) {
            reply.accept(response);
            return;
        }
        service.whenDurable().whenComplete((ignored, failure) -> {
            if (failure == null) {
                if (storeHealth.recovered()) {
                    log.info("the store takes writes again (request id {})", requestId);
                }
                reply.accept(response);
                return;
            }
            log.error("request {} {} was applied but could not be made durable (request id {})", request.method(),
                    request.rawPath(), requestId, failure);
            if (response.content() != null) {
                response.content().close(); // never sent: the error goes in its place
            }
            reply.accept(cors.decorate(request, renderer.error(new ServiceException(CommonError.INTERNAL_ERROR),
                    request, requestId, service.xmlErrors(routing.targetOrNull(), request))));
        });
    }

    /** What the request's route says; a bearer token's may send its verifier to the identity provider: never. */
    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        R route = routeOf(request);
        return route != null && route.runsOnEventLoop() && !authenticator.mayWaitOnNetwork(request);
    }

    @Override
    public AzureResponse earlyError(ServiceException error) {
        return earlyError(error, null);
    }

    private Consumer<AzureResponse> logged(AzureRequest request, String requestId, long started,
                                           Consumer<AzureResponse> answer) {
        return response -> {
            requestLog.record(entry(request, requestId, System.nanoTime() - started, response));
            answer.accept(response);
        };
    }

    private RequestLogEntry entry(AzureRequest request, String requestId, long durationNanos,
                                  AzureResponse response) {
        return new RequestLogEntry(System.currentTimeMillis(), request == null ? null : request.clientAddress(),
                request == null ? null : request.method(), request == null ? null : request.rawPath(),
                request == null ? null : request.query(), response.status(), header(response, "x-ms-error-code"),
                durationNanos, requestId, bodyBytes(request, response), facts(request, response));
    }

    /** Storage Analytics' facts of the request, for a log that wants them: its account and operation found once. */
    private RequestFacts facts(AzureRequest request, AzureResponse response) {
        if (request == null || !requestLog.wantsFacts() || kernelRequest(request) != null) {
            return null;
        }
        Routing<T, R> routing = routing(request);
        return AnsweredFacts.of(request, routing.targetOrNull(), routing.routeOrNull(), response);
    }

    /** The body bytes the answer sends: a streamed body's length, though none to a HEAD (sent its length alone). */
    private static long bodyBytes(AzureRequest request, AzureResponse response) {
        if (response.content() == null) {
            return response.bodyLength();
        }
        return request != null && request.method().equals("HEAD") ? 0 : response.content().length();
    }

    private static String header(AzureResponse response, String name) {
        for (var header : response.headers()) {
            if (header.getKey().equalsIgnoreCase(name)) {
                return header.getValue();
            }
        }
        return null;
    }

    @Override
    public AzureResponse earlyError(ServiceException error, AzureRequest head) {
        AzureResponse response = renderer.earlyError(error);
        if (head != null) {
            response = cors.decorate(head, response);
        }
        R route = head == null ? null : routing(head).routeOrNull();
        (route != null ? requestMetrics.of(route) : requestMetrics.of(RequestMetrics.UNKNOWN))
                .refused(0, response, 0, bodyBytes(head, response));
        if (requestLog != RequestLog.OFF) {
            // A request refused before it was read whole: its method and path if its head was read.
            requestLog.record(entry(head, header(response, "x-ms-request-id"), 0, response));
        }
        return response;
    }

    @Override
    public int maxRequestBodyBytes() {
        return service.maxRequestBodyBytes();
    }

    @Override
    public boolean streamsBodies() {
        return service.streamsBodies();
    }

    /** What the request's route says; a request that was refused has its body buffered, to be answered so. */
    @Override
    public OptionalLong streamedBodyLimit(AzureRequest head) {
        R route = routeOf(head);
        return route == null ? OptionalLong.empty() : route.streamedBodyLimit(head);
    }

    /** Reads, and requests that failed, changed nothing that must reach the disk before the answer. */
    private boolean mayHaveWritten(Routing<T, R> routing, AzureResponse response) {
        R route = routing.routeOrNull();
        return response.status() < 300 && route != null && !route.isRead();
    }

    /** A preflight request: anonymous, decided by the account's CORS rules alone, never routed. */
    private AzureResponse preflight(AzureRequest request, String requestId) {
        try {
            return renderer.success(cors.preflight(request), request, requestId);
        } catch (ServiceException e) {
            return renderer.error(e, request, requestId, true);
        } catch (RuntimeException e) {
            log.error("preflight {} failed unexpectedly (request id {})", request.rawPath(), requestId, e);
            return renderer.error(new ServiceException(CommonError.INTERNAL_ERROR), request, requestId, true);
        }
    }

    /** Parse, authenticate, route, validate, authorize, execute, render: the answer, a refusal included. */
    private AzureResponse stages(AzureRequest request, Routing<T, R> routing, String requestId) {
        try {
            T target = routing.target(service, request);
            G grant = admit(target, routing, request);
            R route = routing.routeOrNull();
            return execute(target, route, grant, ServerTimeout.timed(request, route.maxServerTimeout(request)),
                    requestId);
        } catch (RuntimeException | OutOfMemoryError e) {
            return failure(e, request, requestId, routing.targetOrNull());
        }
    }

    /**
     * A request carried in another's body, through the same stages as a request alone, with a request
     * id of its own; the carrier's answer waits for durability, once for all of them.
     */
    private AzureResponse subResponse(AzureRequest subRequest) {
        String requestId = RequestIds.next();
        Routing<T, R> routing = Routing.of(service, subRequest);
        R route = routing.routeOrNull();
        if (route != null && route.streamedBodyLimit(subRequest).isPresent()) {
            // Its operation streams a body to its sink; carried in another request, it has none to stream.
            return failure(new ServiceException(CommonError.INVALID_INPUT,
                    "This operation cannot be carried in another request."), subRequest, requestId,
                    routing.targetOrNull());
        }
        return stages(subRequest, routing, requestId);
    }

    /**
     * A request whose body is streamed: admitted on its head alone, so that a caller who may not
     * write is refused before a byte of the body is kept; then the body is poured, as it arrives,
     * into the sink the service chose, and the operation runs once it is whole. No thread waits
     * for the client meanwhile.
     */
    private void receive(AzureRequest request, Routing<T, R> routing, String requestId,
                         Consumer<AzureResponse> reply) {
        BodySink sink = null;
        try {
            T target = routing.target(service, request);
            G grant = admit(target, routing, request);
            R route = routing.routeOrNull();
            AzureRequest timed = ServerTimeout.timed(request, route.maxServerTimeout(request));
            sink = service.receive(route, target, timed);
            BodySink received = sink;
            // A body not in by the deadline is ended then, by a timer: no thread waits for it.
            Future<?> expiry = timed.deadline().limited() ? Delays.after(timed.deadline().remainingNanos(),
                    () -> timed.streamedBody().stop(Deadline.timedOut())) : null;
            request.streamedBody().pourInto(requestMetrics.of(route).counting(sink), failure -> {
                if (expiry != null) {
                    expiry.cancel(false);
                }
                answer(request, routing, requestId,
                        received(target, route, grant, timed.withReceivedBody(received), requestId, failure), reply);
            });
        } catch (RuntimeException | OutOfMemoryError e) {
            if (sink != null) {
                sink.close();
            }
            answer(request, routing, requestId, failure(e, request, requestId, routing.targetOrNull()), reply);
        }
    }

    /** Runs the operation on a body that arrived whole, or answers why it did not; the sink is closed after. */
    private AzureResponse received(T target, R route, G grant, AzureRequest request, String requestId,
                                   Throwable bodyFailure) {
        try (BodySink sink = request.received()) {
            if (bodyFailure != null) {
                return failure(bodyFailure, request, requestId, target);
            }
            return execute(target, route, grant, request, requestId);
        } catch (RuntimeException | OutOfMemoryError e) {
            return failure(e, request, requestId, target);
        }
    }

    /**
     * Authenticate, route, validate, authorize: the caller's grant, if it may run the operation the
     * request names, else it throws. A write to the secondary endpoint, read-only as on a read-access
     * geo-redundant account, is refused once routed.
     */
    private G admit(T target, Routing<T, R> routing, AzureRequest request) {
        ApiVersion.check(request);
        G grant = authenticator.authenticate(request, target.account());
        R route = routing.route(service, request);
        if (target.secondary() && !route.isRead()) {
            throw Refusals.writeToSecondary(target.account());
        }
        service.validate(route, target, request);
        service.authorize(grant, route, target);
        if (throttle.isOn()) {
            throttle.admit(target.account(), request, service.load(route, target, request));
        }
        return grant;
    }

    private AzureResponse execute(T target, R route, G grant, AzureRequest request, String requestId) {
        request.deadline().check();
        AzureResponse response = service.execute(route, target, grant, request, requestId, this::subResponse);
        throttle.chargeEgress(target.account(), request, response);
        return renderer.success(response, request, requestId);
    }

    /** The answer to a request that failed at any stage, {@code target} null if its URL was not understood. */
    private AzureResponse failure(Throwable e, AzureRequest request, String requestId, T target) {
        if (e instanceof ServiceException refused) {
            return renderer.error(refused, request, requestId, service.xmlErrors(target, request));
        }
        IncompleteBodyException incomplete = e instanceof IncompleteBodyException direct ? direct
                : e instanceof UncheckedIOException io && io.getCause() instanceof IncompleteBodyException cause
                ? cause : null;
        if (incomplete != null) {
            // The client stopped sending; it is most likely gone, and nothing was written.
            log.debug("request {} {}: {} (request id {})", request.method(), request.rawPath(),
                    incomplete.getMessage(), requestId);
            return renderer.error(new ServiceException(CommonError.INVALID_INPUT, incomplete.getMessage()),
                    request, requestId, service.xmlErrors(target, request));
        }
        if (e instanceof OutOfMemoryError) {
            // The heap could not hold this request's work beside the others' (a page or a transaction
            // of large entities, many at once). What it allocated is garbage now, and ServerBusy is
            // what clients retry after a pause; unanswered, the request would hold up its connection's
            // later answers for good.
            log.error("request {} {} ran out of heap (request id {}); a larger heap is set with JAVA_OPTS",
                    request.method(), request.rawPath(), requestId, e);
            return renderer.error(new ServiceException(CommonError.SERVER_BUSY), request, requestId,
                    service.xmlErrors(target, request));
        }
        Optional<ServiceException> explained = e instanceof RuntimeException unexpected
                ? service.explain(unexpected) : Optional.empty();
        if (explained.isPresent()) {
            if (storeHealth.isNews(e)) {
                log.warn("requests cannot be served, they are answered {} until this changes (first: {} {}, "
                                + "request id {}): {}", explained.get().errorCode().code(), request.method(),
                        request.rawPath(), requestId, e.toString());
            } else {
                log.debug("request {} {} could not be served (request id {}): {}", request.method(),
                        request.rawPath(), requestId, e.toString());
            }
            return renderer.error(explained.get(), request, requestId, service.xmlErrors(target, request));
        }
        log.error("request {} {} failed unexpectedly (request id {})", request.method(), request.rawPath(),
                requestId, e);
        return renderer.error(new ServiceException(CommonError.INTERNAL_ERROR), request, requestId,
                service.xmlErrors(target, request));
    }
}
