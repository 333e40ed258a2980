package io.cerulean.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.core.service.TableService;
import io.cerulean.server.auth.AccessGrant;
import io.cerulean.server.auth.RequestAuthenticator;
import io.cerulean.server.cors.CorsPolicy;
import io.cerulean.server.http.AzureRequest;
import io.cerulean.server.http.AzureResponse;
import io.cerulean.server.http.MetadataLevel;
import io.cerulean.server.metrics.Metrics;
import io.cerulean.server.metrics.QueryMetrics;
import io.cerulean.server.operations.RequestContext;
import io.cerulean.server.routing.PathParser;
import io.cerulean.server.routing.Resource;
import io.cerulean.server.routing.ResourceKind;
import io.cerulean.server.routing.Route;
import io.cerulean.server.routing.Router;
import io.cerulean.server.service.ServicePropertiesStore;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The path of every request, as one visible list of stages:
 * <ol>
 *   <li>parse: the URL names an account and a resource, or the request is an InvalidUri;</li>
 *   <li>authenticate: a Shared Key signature or a SAS is right for that account's keys, or 403 and
 *       nothing runs;</li>
 *   <li>route: the method is allowed on the resource, or 405 / an X-HTTP-Method error;</li>
 *   <li>authorize: what the caller was granted covers the operation, or 403 (entity operations
 *       check each entity again as they touch it);</li>
 *   <li>execute: the operation runs once against the service, all or nothing;</li>
 *   <li>render: common headers on success, the Azure error (code, status, body) on failure.</li>
 * </ol>
 * A failure the client caused never becomes a 500; an unexpected one is logged and is a 500
 * InternalError. A request that runs out of heap is a 503 ServerBusy, which clients retry.
 *
 * <p>CORS sits around these stages: an {@code OPTIONS} request is a preflight, answered from the
 * account's CORS rules before (and instead of) all of them, and every other response, errors
 * included, gets the {@code Access-Control-*} headers those rules call for.
 */
public final class RequestPipeline {
    private static final Logger log = LoggerFactory.getLogger(RequestPipeline.class);
    /** Where the server's metrics are served, unauthenticated, in the Prometheus text format. */
    public static final String METRICS_PATH = "/$metrics";

    private final TableService service;
    private final RequestAuthenticator authenticator;
    private final Router router;
    private final Metrics metrics;
    private final CorsPolicy cors;

    public RequestPipeline(TableService service, RequestAuthenticator authenticator, Metrics metrics) {
        this.service = service;
        this.authenticator = authenticator;
        this.metrics = metrics;
        ServicePropertiesStore serviceProperties = new ServicePropertiesStore(service);
        this.router = new Router(new QueryMetrics(metrics.registry()), serviceProperties);
        this.cors = new CorsPolicy(serviceProperties::corsRules);
    }

    /**
     * Whether a request is a point read (Get Entity, Get Table): one key looked up, bounded work
     * that never waits on a commit, so it can run on the thread that read it. Decided from the
     * method and the path's shape alone; a request this misjudges is still served correctly.
     */
    public static boolean isPointRead(AzureRequest request) {
        String path = request.rawPath();
        int length = path.length();
        return request.method().equals("GET") && length > 2 && path.charAt(length - 1) == ')'
                && path.charAt(length - 2) != '(' && request.header("X-HTTP-Method") == null;
    }

    /**
     * Answers {@code request} through {@code reply}: at once, or, for a write that succeeded, once
     * what it wrote is durable. Nothing waits meanwhile: {@code reply} runs on the thread that
     * learns of the sync, so it must only hand the response on.
     */
    public void handle(AzureRequest request, Consumer<AzureResponse> reply) {
        String requestId = RequestIds.next();
        if (request.method().equals("OPTIONS")) {
            reply.accept(preflight(request, requestId));
            return;
        }
        AzureResponse response = cors.decorate(request, respond(request, requestId));
        if (!mayHaveWritten(request, response)) {
            reply.accept(response);
            return;
        }
        service.whenDurable().whenComplete((ignored, failure) -> {
            if (failure == null) {
                reply.accept(response);
                return;
            }
            log.error("request {} {} was applied but could not be made durable (request id {})", request.method(),
                    request.rawPath(), requestId, failure);
            reply.accept(cors.decorate(request, ResponseRenderer.error(new TableServiceException(
                    CommonError.INTERNAL_ERROR), request, requestId, request.queryParameter("comp") != null)));
        });
    }

    /** Reads, and requests that failed, changed nothing that must reach the disk before the answer. */
    private static boolean mayHaveWritten(AzureRequest request, AzureResponse response) {
        String method = request.method();
        return response.status() < 300 && !method.equals("GET") && !method.equals("HEAD");
    }

    /** Preflight Table Request: anonymous, decided by the account's CORS rules alone, never routed. */
    private AzureResponse preflight(AzureRequest request, String requestId) {
        try {
            return ResponseRenderer.success(cors.preflight(request), request, requestId);
        } catch (TableServiceException e) {
            return ResponseRenderer.error(e, request, requestId, true);
        } catch (RuntimeException e) {
            log.error("preflight {} failed unexpectedly (request id {})", request.rawPath(), requestId, e);
            return ResponseRenderer.error(new TableServiceException(CommonError.INTERNAL_ERROR), request, requestId, true);
        }
    }

    private AzureResponse respond(AzureRequest request, String requestId) {
        if (request.rawPath().equals(METRICS_PATH) && request.method().equals("GET")) {
            // No account name starts with '$', so this path never shadows one. Counters only, no data.
            return AzureResponse.status(200).body("text/plain; version=0.0.4; charset=utf-8",
                    metrics.scrape().get().getBytes(StandardCharsets.UTF_8));
        }
        Resource resource = null;
        try {
            resource = PathParser.parse(request.rawPath());
            AccessGrant grant = authenticator.authenticate(request, resource.account());
            Route route = router.route(resource, request);
            grant.authorize(route.action(), resource.table());
            String account = resource.account();
            RequestContext context = new RequestContext(request, requestId, resource, account,
                    MetadataLevel.negotiate(request), baseUrl(request, account), service, grant);
            return ResponseRenderer.success(route.operation().handle(context), request, requestId);
        } catch (TableServiceException e) {
            return ResponseRenderer.error(e, request, requestId, xmlErrors(resource, request));
        } catch (RuntimeException e) {
            log.error("request {} {} failed unexpectedly (request id {})", request.method(), request.rawPath(),
                    requestId, e);
            return ResponseRenderer.error(new TableServiceException(CommonError.INTERNAL_ERROR), request, requestId,
                    xmlErrors(resource, request));
        } catch (OutOfMemoryError e) {
            // The heap could not hold this request's work beside the others' (a page or a transaction
            // of large entities, many at once). What it allocated is garbage now, and ServerBusy is
            // what clients retry after a pause; unanswered, the request would hold up its connection's
            // later answers for good.
            log.error("request {} {} ran out of heap (request id {}); a larger heap is set with JAVA_OPTS",
                    request.method(), request.rawPath(), requestId, e);
            return ResponseRenderer.error(new TableServiceException(CommonError.SERVER_BUSY), request, requestId,
                    xmlErrors(resource, request));
        }
    }

    /** Service and ACL operations speak XML; the OData operations JSON. */
    private static boolean xmlErrors(Resource resource, AzureRequest request) {
        return resource != null && (resource.kind() == ResourceKind.SERVICE || request.queryParameter("comp") != null);
    }

    private static String baseUrl(AzureRequest request, String account) {
        String host = request.header("Host");
        return (request.secure() ? "https://" : "http://") + (host == null ? "127.0.0.1" : host) + "/" + account;
    }
}
