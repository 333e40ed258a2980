package io.cerulean.table.rest;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.TableNames;
import io.cerulean.http.message.AccountUrls;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.throttle.Throttle;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.rest.RestServiceBase;
import io.cerulean.table.model.Limits;
import io.cerulean.table.advisor.Advisor;
import io.cerulean.table.rest.acl.GetTableAcl;
import io.cerulean.table.rest.advisor.GetAdvisor;
import io.cerulean.table.rest.acl.SetTableAcl;
import io.cerulean.table.rest.auth.AccessGrant;
import io.cerulean.table.rest.auth.TableAuthentication;
import io.cerulean.table.rest.batch.ExecuteBatch;
import io.cerulean.table.rest.json.JsonErrorBody;
import io.cerulean.table.rest.json.JsonOnly;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.metrics.QueryMetrics;
import io.cerulean.table.rest.operations.CreateTable;
import io.cerulean.table.rest.operations.DeleteEntity;
import io.cerulean.table.rest.operations.DeleteTable;
import io.cerulean.table.rest.operations.GetEntity;
import io.cerulean.table.rest.operations.GetTable;
import io.cerulean.table.rest.operations.InsertEntity;
import io.cerulean.table.rest.operations.QueryEntities;
import io.cerulean.table.rest.operations.QueryTables;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;
import io.cerulean.table.rest.operations.WriteEntity;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.ResourceKind;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.rest.service.GetServiceProperties;
import io.cerulean.table.rest.service.GetServiceStats;
import io.cerulean.table.rest.service.SetServiceProperties;
import io.cerulean.table.service.TableService;
import java.util.EnumMap;
import java.util.Map;

/**
 * The Table service as the kernel's pipeline runs it: path-style and host-style URLs ({@link #URLS})
 * parsed into a {@link Resource}, the {@link TableRestOperation} the method selects, its
 * {@link io.cerulean.table.rest.auth.Action} checked against the caller's {@link AccessGrant}, and the
 * operation run with a {@link RequestContext} that holds every entity to that grant. Stateless and
 * thread-safe.
 */
public final class TableRestService extends RestServiceBase<Resource, TableRestOperation, AccessGrant, TableOperation> {
    /** Served when a client sends no x-ms-version. */
    static final String DEFAULT_VERSION = "2020-12-06";
    private static final ResponseStyle STYLE =
            new ResponseStyle(DEFAULT_VERSION, "DataServiceVersion", "3.0;", JsonErrorBody.INSTANCE);

    /** Path-style URLs, and host-style ones on {@code ACCOUNT.table.*} names. */
    public static final AccountUrls URLS = AccountUrls.forService(TableAuthentication.TABLE.endpointLabel());

    private final TableService service;
    private final Advisor advisor;
    private final Throttle throttle;
    private final ServicePropertiesStore properties;

    public TableRestService(TableService service, QueryMetrics queryMetrics, ServicePropertiesStore properties) {
        this(service, queryMetrics, properties, Advisor.off(), Throttle.OFF);
    }

    /**
     * @param advisor  told what every request did
     * @param throttle what holds each partition's entities to its scalability target ({@link RequestContext})
     */
    public TableRestService(TableService service, QueryMetrics queryMetrics, ServicePropertiesStore properties,
                            Advisor advisor, Throttle throttle) {
        super(STYLE, Limits.MAX_REQUEST_BODY_BYTES, service::whenDurable, TableRestOperation.class,
                operations(queryMetrics, properties));
        this.service = service;
        this.advisor = advisor;
        this.throttle = throttle;
        this.properties = properties;
    }

    /** The account's Table service properties back to the defaults, and the advisor's findings about it forgotten. */
    @Override
    public void resetAccount(String account) {
        properties.reset(account);
        advisor.accountReset(account);
    }

    /** The operations' classes, built once; Replace and Merge Entity are one class each, however they are sent. */
    private static Map<TableRestOperation, TableOperation> operations(QueryMetrics queryMetrics,
                                                                      ServicePropertiesStore properties) {
        Map<TableRestOperation, TableOperation> operations = new EnumMap<>(TableRestOperation.class);
        operations.put(TableRestOperation.QUERY_TABLES, new QueryTables());
        operations.put(TableRestOperation.CREATE_TABLE, new CreateTable());
        operations.put(TableRestOperation.GET_TABLE, new GetTable());
        operations.put(TableRestOperation.DELETE_TABLE, new DeleteTable());
        operations.put(TableRestOperation.QUERY_ENTITIES, new QueryEntities(queryMetrics));
        operations.put(TableRestOperation.GET_ENTITY, new GetEntity());
        operations.put(TableRestOperation.INSERT_ENTITY, new InsertEntity());
        operations.put(TableRestOperation.UPDATE_ENTITY, WriteEntity.replace());
        operations.put(TableRestOperation.MERGE_ENTITY, WriteEntity.merge());
        operations.put(TableRestOperation.DELETE_ENTITY, new DeleteEntity());
        operations.put(TableRestOperation.ENTITY_GROUP_TRANSACTION, new ExecuteBatch());
        operations.put(TableRestOperation.GET_TABLE_ACL, new GetTableAcl());
        operations.put(TableRestOperation.SET_TABLE_ACL, new SetTableAcl());
        operations.put(TableRestOperation.GET_SERVICE_PROPERTIES, new GetServiceProperties(properties));
        operations.put(TableRestOperation.SET_SERVICE_PROPERTIES, new SetServiceProperties(properties));
        operations.put(TableRestOperation.GET_SERVICE_STATS, new GetServiceStats());
        operations.put(TableRestOperation.GET_ADVISOR, new GetAdvisor());
        return operations;
    }

    @Override
    public String name() {
        return "table";
    }

    @Override
    public Resource parse(AzureRequest request) {
        return PathParser.parse(URLS.pathStyle(request), request.queryParameter("restype"));
    }

    @Override
    public TableRestOperation route(Resource resource, AzureRequest request) {
        return TableRestOperation.of(resource.kind(), request);
    }

    /** OData operations speak JSON only ({@link JsonOnly}); service and ACL operations XML. */
    @Override
    public void validate(TableRestOperation operation, Resource resource, AzureRequest request) {
        if (!xmlErrors(resource, request)) {
            JsonOnly.check(request, resource.kind() != ResourceKind.BATCH);
        }
    }

    /**
     * Entity operations are held to the grant again, entity by entity, as they run ({@link RequestContext}).
     * Storage Analytics' tables ({@code $Metrics...}) are read-only to every caller: 403 AuthorizationFailure.
     */
    @Override
    public void authorize(AccessGrant grant, TableRestOperation operation, Resource resource) {
        grant.authorize(operation.action(), resource.table());
        if (!operation.isRead() && resource.table() != null && TableNames.isReserved(resource.table())) {
            throw new TableServiceException(CommonError.AUTHORIZATION_FAILURE);
        }
    }

    @Override
    public AzureResponse execute(TableRestOperation operation, Resource resource, AccessGrant grant,
                                 AzureRequest request, String requestId) {
        String account = resource.account();
        RequestContext context = new RequestContext(request, requestId, resource, account,
                MetadataLevel.negotiate(request), URLS.accountBaseUrl(request, account), service, grant, advisor,
                throttle);
        return handler(operation).handle(context);
    }

    /** Service and ACL operations speak XML; the OData operations JSON. */
    @Override
    public boolean xmlErrors(Resource resource, AzureRequest request) {
        return resource != null && (resource.kind() == ResourceKind.SERVICE || request.queryParameter("comp") != null);
    }
}
