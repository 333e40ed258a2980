package io.cerulean.table.rest.routing;

import io.cerulean.common.error.CommonError;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.table.rest.acl.GetTableAcl;
import io.cerulean.table.rest.acl.SetTableAcl;
import io.cerulean.table.rest.auth.Action;
import io.cerulean.table.rest.batch.ExecuteBatch;
import io.cerulean.table.rest.metrics.QueryMetrics;
import io.cerulean.table.rest.operations.CreateTable;
import io.cerulean.table.rest.operations.DeleteEntity;
import io.cerulean.table.rest.operations.DeleteTable;
import io.cerulean.table.rest.operations.GetEntity;
import io.cerulean.table.rest.operations.GetTable;
import io.cerulean.table.rest.operations.Headers;
import io.cerulean.table.rest.operations.InsertEntity;
import io.cerulean.table.rest.operations.QueryEntities;
import io.cerulean.table.rest.operations.QueryTables;
import io.cerulean.table.rest.operations.WriteEntity;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.ResourceKind;
import io.cerulean.table.rest.service.GetServiceProperties;
import io.cerulean.table.rest.service.GetServiceStats;
import io.cerulean.table.rest.service.SetServiceProperties;

/**
 * Picks the operation for a resource and an HTTP method. POST with {@code X-HTTP-Method} acts as
 * the method named (MERGE, PUT, DELETE or PATCH): the JavaScript and Python SDKs send merges that
 * way when they think they talk to Cosmos DB.
 */
public final class Router {
    private final Route createTable = new Route(new CreateTable(), Action.CREATE_TABLE);
    private final Route deleteTable = new Route(new DeleteTable(), Action.DELETE_TABLE);
    private final Route getTable = new Route(new GetTable(), Action.QUERY_TABLES);
    private final Route queryTables = new Route(new QueryTables(), Action.QUERY_TABLES);
    private final Route insertEntity = new Route(new InsertEntity(), Action.ENTITIES);
    private final Route getEntity = new Route(new GetEntity(), Action.ENTITIES);
    private final Route queryEntities;
    private final Route replaceEntity = new Route(WriteEntity.replace(), Action.ENTITIES);
    private final Route mergeEntity = new Route(WriteEntity.merge(), Action.ENTITIES);
    private final Route deleteEntity = new Route(new DeleteEntity(), Action.ENTITIES);
    private final Route batch = new Route(new ExecuteBatch(), Action.ENTITIES);
    private final Route getTableAcl = new Route(new GetTableAcl(), Action.GET_TABLE_ACL);
    private final Route setTableAcl = new Route(new SetTableAcl(), Action.SET_TABLE_ACL);
    private final Route getServiceProperties;
    private final Route setServiceProperties;
    private final Route getServiceStats =
            new Route(new GetServiceStats(), Action.GET_SERVICE_STATS);

    public Router(QueryMetrics queryMetrics, ServicePropertiesStore serviceProperties) {
        this.queryEntities = new Route(new QueryEntities(queryMetrics), Action.ENTITIES);
        this.getServiceProperties = new Route(new GetServiceProperties(serviceProperties), Action.GET_SERVICE_PROPERTIES);
        this.setServiceProperties = new Route(new SetServiceProperties(serviceProperties), Action.SET_SERVICE_PROPERTIES);
    }

    public Route route(Resource resource, AzureRequest request) {
        String method = Headers.effectiveMethod(request);
        boolean tunnelled = !method.equals(request.method());
        if (request.queryParameter("comp") != null && resource.kind() == ResourceKind.ENTITY_SET) {
            if (tunnelled) {
                return notAllowed(method);
            }
            return switch (method) {
                case "GET" -> getTableAcl;
                case "PUT" -> setTableAcl;
                default -> notAllowed(method);
            };
        }
        Route route = switch (resource.kind()) {
            case SERVICE -> tunnelled ? null : switch (method) {
                case "GET" -> "stats".equals(request.queryParameter("comp")) ? getServiceStats : getServiceProperties;
                case "PUT" -> setServiceProperties;
                default -> null;
            };
            case BATCH -> method.equals("POST") ? batch : null;
            case TABLES -> switch (method) {
                case "GET" -> queryTables;
                case "POST" -> tunnelled ? null : createTable;
                default -> null;
            };
            case TABLE -> switch (method) {
                case "GET" -> getTable;
                case "DELETE" -> deleteTable;
                default -> null;
            };
            case ENTITY_SET -> switch (method) {
                case "GET" -> queryEntities;
                case "POST" -> tunnelled ? null : insertEntity;
                default -> null;
            };
            case ENTITY -> switch (method) {
                case "GET" -> getEntity;
                case "PUT" -> replaceEntity;
                case "PATCH", "MERGE" -> mergeEntity;
                case "DELETE" -> deleteEntity;
                default -> null;
            };
        };
        return route == null ? notAllowed(method) : route;
    }

    private static Route notAllowed(String method) {
        throw new TableServiceException(CommonError.METHOD_NOT_ALLOWED,
                "The method " + method + " is not allowed on this resource.");
    }
}
