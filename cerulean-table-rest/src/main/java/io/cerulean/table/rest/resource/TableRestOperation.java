package io.cerulean.table.rest.resource;

import io.cerulean.common.error.CommonError;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.pipeline.RoutedOperation;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.rest.auth.Action;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every operation of the Table service's REST API, and the one decision of which a request is:
 * HTTP method (after {@code X-HTTP-Method} tunnelling), resource and query. The router, the
 * stand-alone entity operations and the sub-requests of a {@code $batch} all ask it, so a request
 * means the same wherever it is sent and is refused with the same error. Each names what the kernel
 * needs to know of it ({@link RoutedOperation}: Get Entity and Get Table are point reads, which run on
 * the event loop; no body is streamed) and the {@link Action} a caller's grant must allow.
 */
public enum TableRestOperation implements RoutedOperation {
    QUERY_TABLES(Action.QUERY_TABLES), CREATE_TABLE(Action.CREATE_TABLE), GET_TABLE(Action.QUERY_TABLES),
    DELETE_TABLE(Action.DELETE_TABLE),
    QUERY_ENTITIES(Action.ENTITIES), GET_ENTITY(Action.ENTITIES), INSERT_ENTITY(Action.ENTITIES),
    UPDATE_ENTITY(Action.ENTITIES), MERGE_ENTITY(Action.ENTITIES), DELETE_ENTITY(Action.ENTITIES),
    ENTITY_GROUP_TRANSACTION(Action.ENTITIES), GET_TABLE_ACL(Action.GET_TABLE_ACL), SET_TABLE_ACL(Action.SET_TABLE_ACL),
    GET_SERVICE_PROPERTIES(Action.GET_SERVICE_PROPERTIES), SET_SERVICE_PROPERTIES(Action.SET_SERVICE_PROPERTIES),
    GET_SERVICE_STATS(Action.GET_SERVICE_STATS),
    /** Cerulean's design advisor ({@code GET /$advisor}): authorised as Get Table Service Properties. */
    GET_ADVISOR(Action.GET_SERVICE_PROPERTIES);

    private static final List<String> TUNNELLED_METHODS = List.of("MERGE", "PUT", "DELETE", "PATCH");

    private final Action action;

    TableRestOperation(Action action) {
        this.action = action;
    }

    /** The names Storage Analytics gives the operations: a Get Entity is a QueryEntity. */
    @Override
    public String operationName() {
        return switch (this) {
            case GET_ENTITY -> "QueryEntity";
            case GET_TABLE -> "QueryTable";
            case GET_TABLE_ACL -> "GetTableACL";
            case SET_TABLE_ACL -> "SetTableACL";
            case GET_SERVICE_PROPERTIES -> "GetTableServiceProperties";
            case SET_SERVICE_PROPERTIES -> "SetTableServiceProperties";
            case GET_SERVICE_STATS -> "GetTableServiceStats";
            default -> RoutedOperation.super.operationName();
        };
    }

    /**
     * As {@link #operationName()}, but an Update or Merge Entity without If-Match is the Insert Or
     * Replace or Insert Or Merge it acts as.
     */
    @Override
    public String analyticsName(AzureRequest request) {
        return switch (this) {
            case UPDATE_ENTITY -> request.header("If-Match") == null ? "InsertOrReplaceEntity" : "UpdateEntity";
            case MERGE_ENTITY -> request.header("If-Match") == null ? "InsertOrMergeEntity" : "MergeEntity";
            default -> operationName();
        };
    }

    /** What a caller's grant must allow for this to run; entity operations are held to it entity by entity too. */
    public Action action() {
        return action;
    }

    /**
     * The operation {@code request} asks for on a resource of {@code kind}. PUT on an entity is
     * Update Entity, PATCH and MERGE are Merge Entity (whether they become Insert Or Replace or
     * Insert Or Merge is If-Match's to say, see {@code EntityOperations}); POST with
     * {@code X-HTTP-Method} acts as the method it names, on entities only: the JavaScript and
     * Python SDKs send merges that way when they think they talk to Cosmos DB.
     *
     * @throws TableServiceException 405 MethodNotAllowed, or an XMethod error for a tunnelling
     *                               header the service refuses
     */
    public static TableRestOperation of(ResourceKind kind, AzureRequest request) {
        return find(kind, request).orElseThrow(() -> new TableServiceException(CommonError.METHOD_NOT_ALLOWED,
                "The method " + effectiveMethod(request) + " is not allowed on this resource."));
    }

    /**
     * As {@link #of}, but empty where the method is not allowed on the resource, for a caller that
     * refuses it otherwise (a change set refuses what is not an entity operation as InvalidInput).
     *
     * @throws TableServiceException an XMethod error for a tunnelling header the service refuses
     */
    public static Optional<TableRestOperation> find(ResourceKind kind, AzureRequest request) {
        String method = effectiveMethod(request);
        boolean tunnelled = !method.equals(request.method());
        TableRestOperation operation;
        if (request.queryParameter("comp") != null && kind == ResourceKind.ENTITY_SET) {
            operation = tunnelled ? null : switch (method) {
                case "GET" -> GET_TABLE_ACL;
                case "PUT" -> SET_TABLE_ACL;
                default -> null;
            };
        } else {
            operation = switch (kind) {
                case SERVICE -> tunnelled ? null : switch (method) {
                    case "GET" -> "stats".equals(request.queryParameter("comp")) ? GET_SERVICE_STATS
                            : GET_SERVICE_PROPERTIES;
                    case "PUT" -> SET_SERVICE_PROPERTIES;
                    default -> null;
                };
                case BATCH -> method.equals("POST") ? ENTITY_GROUP_TRANSACTION : null;
                case ADVISOR -> method.equals("GET") && !tunnelled ? GET_ADVISOR : null;
                case TABLES -> switch (method) {
                    case "GET" -> QUERY_TABLES;
                    case "POST" -> tunnelled ? null : CREATE_TABLE;
                    default -> null;
                };
                case TABLE -> switch (method) {
                    case "GET" -> GET_TABLE;
                    case "DELETE" -> DELETE_TABLE;
                    default -> null;
                };
                case ENTITY_SET -> switch (method) {
                    case "GET" -> QUERY_ENTITIES;
                    case "POST" -> tunnelled ? null : INSERT_ENTITY;
                    default -> null;
                };
                case ENTITY -> switch (method) {
                    case "GET" -> GET_ENTITY;
                    case "PUT" -> UPDATE_ENTITY;
                    case "PATCH", "MERGE" -> MERGE_ENTITY;
                    case "DELETE" -> DELETE_ENTITY;
                    default -> null;
                };
            };
        }
        return Optional.ofNullable(operation);
    }

    /** Whether this only reads. */
    @Override
    public boolean isRead() {
        return switch (this) {
            case QUERY_TABLES, GET_TABLE, QUERY_ENTITIES, GET_ENTITY, GET_TABLE_ACL, GET_SERVICE_PROPERTIES,
                    GET_SERVICE_STATS, GET_ADVISOR -> true;
            default -> false;
        };
    }

    /** Get Entity and Get Table: one key looked up, bounded work that never waits on a commit. */
    @Override
    public boolean runsOnEventLoop() {
        return this == GET_ENTITY || this == GET_TABLE;
    }

    /** Whether this writes one entity: what a change set of a {@code $batch} may hold. */
    public boolean isEntityWrite() {
        return this == INSERT_ENTITY || this == UPDATE_ENTITY || this == MERGE_ENTITY || this == DELETE_ENTITY;
    }

    /**
     * The method a request acts as (contract 3.14): POST with {@code X-HTTP-Method} acts as the
     * method named (MERGE, PUT, DELETE or PATCH); another method with a header naming that same
     * method acts as itself; the header with any other verb, more than once or with another value is
     * an XMethod error.
     */
    private static String effectiveMethod(AzureRequest request) {
        List<String> tunnel = request.headers().getAll("X-HTTP-Method");
        if (tunnel.isEmpty()) {
            return request.method();
        }
        if (!request.method().equals("POST")) {
            // The legacy Java SDK (azure-storage 8) sends a merge as MERGE with X-HTTP-Method: MERGE, in a
            // $batch too: a header that names the method already used changes nothing, so it is served.
            if (tunnel.size() == 1 && tunnel.get(0).trim().equalsIgnoreCase(request.method())) {
                return request.method();
            }
            throw new TableServiceException(TableError.X_METHOD_NOT_USING_POST);
        }
        if (tunnel.size() > 1 || tunnel.get(0).contains(",")) {
            throw new TableServiceException(TableError.X_METHOD_INCORRECT_COUNT);
        }
        String method = tunnel.get(0).trim().toUpperCase(Locale.ROOT);
        if (!TUNNELLED_METHODS.contains(method)) {
            throw new TableServiceException(TableError.X_METHOD_INCORRECT_VALUE);
        }
        return method;
    }
}
