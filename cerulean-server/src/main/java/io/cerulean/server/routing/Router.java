package io.cerulean.server.routing;

import io.cerulean.core.error.ErrorCode;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.server.batch.ExecuteBatch;
import io.cerulean.server.http.AzureRequest;
import io.cerulean.server.metrics.QueryMetrics;
import io.cerulean.server.operations.CreateTable;
import io.cerulean.server.operations.DeleteEntity;
import io.cerulean.server.operations.DeleteTable;
import io.cerulean.server.operations.GetEntity;
import io.cerulean.server.operations.GetTable;
import io.cerulean.server.operations.Headers;
import io.cerulean.server.operations.InsertEntity;
import io.cerulean.server.operations.NotYetImplemented;
import io.cerulean.server.operations.QueryEntities;
import io.cerulean.server.operations.QueryTables;
import io.cerulean.server.operations.TableOperation;
import io.cerulean.server.operations.WriteEntity;

/**
 * Picks the operation for a resource and an HTTP method. POST with {@code X-HTTP-Method} acts as
 * the method named (MERGE, PUT, DELETE or PATCH): the JavaScript and Python SDKs send merges that
 * way when they think they talk to Cosmos DB.
 */
public final class Router {
    private final TableOperation createTable = new CreateTable();
    private final TableOperation deleteTable = new DeleteTable();
    private final TableOperation getTable = new GetTable();
    private final TableOperation queryTables = new QueryTables();
    private final TableOperation insertEntity = new InsertEntity();
    private final TableOperation getEntity = new GetEntity();
    private final TableOperation queryEntities;
    private final TableOperation replaceEntity = WriteEntity.replace();
    private final TableOperation mergeEntity = WriteEntity.merge();
    private final TableOperation deleteEntity = new DeleteEntity();
    private final TableOperation batch = new ExecuteBatch();
    private final TableOperation acl = new NotYetImplemented("Table ACL");
    private final TableOperation serviceOperations = new NotYetImplemented("Table service properties and stats");

    public Router(QueryMetrics queryMetrics) {
        this.queryEntities = new QueryEntities(queryMetrics);
    }

    public TableOperation route(Resource resource, AzureRequest request) {
        String method = Headers.effectiveMethod(request);
        boolean tunnelled = !method.equals(request.method());
        boolean getOrPut = method.equals("GET") || method.equals("PUT");
        if (request.queryParameter("comp") != null && resource.kind() == ResourceKind.ENTITY_SET) {
            return getOrPut && !tunnelled ? acl : notAllowed(method);
        }
        TableOperation operation = switch (resource.kind()) {
            case SERVICE -> getOrPut && !tunnelled ? serviceOperations : null;
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
        return operation == null ? notAllowed(method) : operation;
    }

    private static TableOperation notAllowed(String method) {
        throw new TableServiceException(ErrorCode.METHOD_NOT_ALLOWED,
                "The method " + method + " is not allowed on this resource.");
    }
}
