package io.cerulean.table.rest.routing;

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
import io.cerulean.table.rest.operations.InsertEntity;
import io.cerulean.table.rest.operations.QueryEntities;
import io.cerulean.table.rest.operations.QueryTables;
import io.cerulean.table.rest.operations.WriteEntity;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.rest.service.GetServiceProperties;
import io.cerulean.table.rest.service.GetServiceStats;
import io.cerulean.table.rest.service.SetServiceProperties;

/**
 * The route of each {@link TableRestOperation}, built once: the handler and the action it is
 * authorized as. Which operation a request is, {@link TableRestOperation#of} decides.
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
        return switch (TableRestOperation.of(resource.kind(), request)) {
            case QUERY_TABLES -> queryTables;
            case CREATE_TABLE -> createTable;
            case GET_TABLE -> getTable;
            case DELETE_TABLE -> deleteTable;
            case QUERY_ENTITIES -> queryEntities;
            case GET_ENTITY -> getEntity;
            case INSERT_ENTITY -> insertEntity;
            case UPDATE_ENTITY -> replaceEntity;
            case MERGE_ENTITY -> mergeEntity;
            case DELETE_ENTITY -> deleteEntity;
            case ENTITY_GROUP_TRANSACTION -> batch;
            case GET_TABLE_ACL -> getTableAcl;
            case SET_TABLE_ACL -> setTableAcl;
            case GET_SERVICE_PROPERTIES -> getServiceProperties;
            case SET_SERVICE_PROPERTIES -> setServiceProperties;
            case GET_SERVICE_STATS -> getServiceStats;
        };
    }
}
