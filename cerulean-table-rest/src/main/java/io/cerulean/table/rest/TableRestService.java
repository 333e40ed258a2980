package io.cerulean.table.rest;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AccountUrls;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.Refusals;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.pipeline.RestService;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.table.model.Limits;
import io.cerulean.table.rest.auth.AccessGrant;
import io.cerulean.table.rest.auth.TableAuthentication;
import io.cerulean.table.rest.json.JsonErrorBody;
import io.cerulean.table.rest.json.JsonOnly;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.ResourceKind;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.rest.routing.Route;
import io.cerulean.table.rest.routing.Router;
import io.cerulean.table.service.TableService;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The Table service as the kernel's pipeline runs it: path-style and host-style URLs ({@link #URLS})
 * parsed into a {@link Resource}, the {@link Router}'s routes, each route's {@link io.cerulean.table.rest.auth.Action}
 * checked against the caller's {@link AccessGrant}, and the operation run with a
 * {@link RequestContext} that holds every entity to that grant. Stateless and thread-safe.
 */
public final class TableRestService implements RestService<Resource, Route, AccessGrant> {
    /** Served when a client sends no x-ms-version. */
    static final String DEFAULT_VERSION = "2020-12-06";
    private static final ResponseStyle STYLE =
            new ResponseStyle(DEFAULT_VERSION, "DataServiceVersion", "3.0;", JsonErrorBody.INSTANCE);

    /** Path-style URLs, and host-style ones on {@code ACCOUNT.table.*} names. */
    public static final AccountUrls URLS = AccountUrls.forService(TableAuthentication.TABLE.endpointLabel());

    private final TableService service;
    private final Router router;

    public TableRestService(TableService service, Router router) {
        this.service = service;
        this.router = router;
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

    @Override
    public Resource parse(AzureRequest request) {
        return PathParser.parse(URLS.pathStyle(request), request.queryParameter("restype"));
    }

    /**
     * The secondary endpoint ({@code <account>-secondary}) is read-only, as on a read-access
     * geo-redundant account: a write there is refused with 403 InsufficientAccountPermissions, the
     * code the REST reference's "Common REST API error codes" gives for "Write operations are not
     * allowed", before anything runs. OData operations speak JSON only ({@link JsonOnly}).
     */
    @Override
    public Route route(Resource resource, AzureRequest request) {
        Route route = router.route(resource, request);
        if (resource.secondary() && !TableRestOperation.of(resource.kind(), request).isRead()) {
            throw Refusals.writeToSecondary(resource.account());
        }
        if (!xmlErrors(resource, request)) {
            JsonOnly.check(request, resource.kind() != ResourceKind.BATCH);
        }
        return route;
    }

    /** Entity operations are held to the grant again, entity by entity, as they run ({@link RequestContext}). */
    @Override
    public void authorize(AccessGrant grant, Route route, Resource resource) {
        grant.authorize(route.action(), resource.table());
    }

    @Override
    public AzureResponse execute(Route route, Resource resource, AccessGrant grant, AzureRequest request,
                                 String requestId) {
        String account = resource.account();
        RequestContext context = new RequestContext(request, requestId, resource, account,
                MetadataLevel.negotiate(request), URLS.accountBaseUrl(request, account), service, grant);
        return route.operation().handle(context);
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        return service.whenDurable();
    }

    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        return isPointRead(request);
    }

    /** Service and ACL operations speak XML; the OData operations JSON. */
    @Override
    public boolean xmlErrors(Resource resource, AzureRequest request) {
        return resource != null && (resource.kind() == ResourceKind.SERVICE || request.queryParameter("comp") != null);
    }

    @Override
    public ResponseStyle responseStyle() {
        return STYLE;
    }

    /** The store could not answer: nothing is known to have changed, so ServerBusy, which clients retry. */
    @Override
    public Optional<ServiceException> explain(RuntimeException failure) {
        if (failure instanceof StoreUnavailableException) {
            return Optional.of(new ServiceException(CommonError.SERVER_BUSY));
        }
        return Optional.empty();
    }

    @Override
    public int maxRequestBodyBytes() {
        return Limits.MAX_REQUEST_BODY_BYTES;
    }
}
