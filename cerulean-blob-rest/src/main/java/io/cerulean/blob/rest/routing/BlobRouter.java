package io.cerulean.blob.rest.routing;

import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.Refusals;
import io.cerulean.rest.ServiceRoutes;
import java.util.Locale;

/**
 * The one place a request becomes a {@link BlobOperation} (contract 3): the resource, the method,
 * and the {@code restype} and {@code comp} parameters, values compared without regard to case.
 * Other parameters (a SAS's, {@code timeout}) play no part. A method the resource does not serve is
 * 405 UnsupportedHttpVerb; a {@code comp} it does not know is 400 InvalidQueryParameterValue; one
 * Cerulean does not serve yet is 501 NotImplemented, naming it. The service's own URL is routed as
 * the Queue service's is ({@link ServiceRoutes}).
 */
public final class BlobRouter {
    private static final ServiceRoutes<BlobOperation> SERVICE_ROUTES = new ServiceRoutes<>(
            BlobOperation.LIST_CONTAINERS, BlobOperation.GET_SERVICE_PROPERTIES, BlobOperation.SET_SERVICE_PROPERTIES,
            BlobOperation.GET_SERVICE_STATS);

    private BlobRouter() {
    }

    public static BlobOperation route(BlobResource resource, AzureRequest request) {
        String method = request.method();
        String comp = lower(request.queryParameter("comp"));
        String restype = lower(request.queryParameter("restype"));
        if ("account".equals(restype) && "properties".equals(comp)) {
            return switch (method) {
                case "GET", "HEAD" -> BlobOperation.GET_ACCOUNT_INFORMATION;
                default -> throw Refusals.unsupportedVerb(method);
            };
        }
        return switch (resource.kind()) {
            case SERVICE -> service(method, comp, restype);
            case CONTAINER -> container(method, comp, restype);
            case BLOB -> blob(method, comp, request);
        };
    }

    /** The service's own operations, and those only the Blob service has: Find Blobs by Tags, batch, delegation keys. */
    private static BlobOperation service(String method, String comp, String restype) {
        if ("blobs".equals(comp) && restype == null) {
            return get(method, BlobOperation.FIND_BLOBS_BY_TAGS);
        }
        if ("batch".equals(comp) && (restype == null || "container".equals(restype))) {
            // The JavaScript SDK takes a path-style account URL for a container's, and sends restype=container.
            return post(method, BlobOperation.SUBMIT_BATCH);
        }
        if ("userdelegationkey".equals(comp) && "service".equals(restype)) {
            return post(method, BlobOperation.GET_USER_DELEGATION_KEY);
        }
        return SERVICE_ROUTES.route(method, comp, restype);
    }

    private static BlobOperation container(String method, String comp, String restype) {
        if (!"container".equals(restype)) {
            throw Refusals.invalidQueryParameter("restype", restype);
        }
        if (comp == null) {
            return switch (method) {
                case "PUT" -> BlobOperation.CREATE_CONTAINER;
                case "DELETE" -> BlobOperation.DELETE_CONTAINER;
                case "GET", "HEAD" -> BlobOperation.GET_CONTAINER_PROPERTIES;
                default -> throw Refusals.unsupportedVerb(method);
            };
        }
        return switch (comp) {
            case "metadata" -> switch (method) {
                case "GET", "HEAD" -> BlobOperation.GET_CONTAINER_METADATA;
                case "PUT" -> BlobOperation.SET_CONTAINER_METADATA;
                default -> throw Refusals.unsupportedVerb(method);
            };
            case "list" -> {
                if (method.equals("GET")) {
                    yield BlobOperation.LIST_BLOBS;
                }
                throw Refusals.unsupportedVerb(method);
            }
            case "acl" -> switch (method) {
                case "GET", "HEAD" -> BlobOperation.GET_CONTAINER_ACL;
                case "PUT" -> BlobOperation.SET_CONTAINER_ACL;
                default -> throw Refusals.unsupportedVerb(method);
            };
            case "lease" -> {
                if (method.equals("PUT")) {
                    yield BlobOperation.LEASE_CONTAINER;
                }
                throw Refusals.unsupportedVerb(method);
            }
            case "blobs" -> get(method, BlobOperation.FIND_BLOBS_BY_TAGS_IN_CONTAINER);
            case "batch" -> post(method, BlobOperation.SUBMIT_BATCH);
            case "undelete", "rename" -> throw notYet("container " + comp);
            default -> throw Refusals.invalidQueryParameter("comp", comp);
        };
    }

    private static BlobOperation blob(String method, String comp, AzureRequest request) {
        if (comp == null) {
            return switch (method) {
                case "PUT" -> {
                    if (request.header("x-ms-copy-source") != null) {
                        yield request.header("x-ms-blob-type") == null ? BlobOperation.COPY_BLOB
                                : BlobOperation.PUT_BLOB_FROM_URL;
                    }
                    yield BlobOperation.PUT_BLOB;
                }
                case "GET" -> BlobOperation.GET_BLOB;
                case "HEAD" -> BlobOperation.GET_BLOB_PROPERTIES;
                case "DELETE" -> request.queryParameter("versionid") != null ? BlobOperation.DELETE_BLOB_VERSION
                        : BlobOperation.DELETE_BLOB;
                default -> throw Refusals.unsupportedVerb(method);
            };
        }
        return switch (comp) {
            case "block" -> {
                if (!method.equals("PUT")) {
                    throw Refusals.unsupportedVerb(method);
                }
                yield request.header("x-ms-copy-source") != null ? BlobOperation.PUT_BLOCK_FROM_URL
                        : BlobOperation.PUT_BLOCK;
            }
            case "blocklist" -> switch (method) {
                case "PUT" -> BlobOperation.PUT_BLOCK_LIST;
                case "GET" -> BlobOperation.GET_BLOCK_LIST;
                default -> throw Refusals.unsupportedVerb(method);
            };
            case "properties" -> {
                if (method.equals("PUT")) {
                    yield BlobOperation.SET_BLOB_PROPERTIES;
                }
                throw Refusals.unsupportedVerb(method);
            }
            case "metadata" -> switch (method) {
                case "GET", "HEAD" -> BlobOperation.GET_BLOB_METADATA;
                case "PUT" -> BlobOperation.SET_BLOB_METADATA;
                default -> throw Refusals.unsupportedVerb(method);
            };
            case "lease" -> put(method, BlobOperation.LEASE_BLOB);
            case "snapshot" -> put(method, BlobOperation.SNAPSHOT_BLOB);
            case "appendblock" -> put(method, request.header("x-ms-copy-source") != null
                    ? BlobOperation.APPEND_BLOCK_FROM_URL : BlobOperation.APPEND_BLOCK);
            case "copy" -> put(method, BlobOperation.ABORT_COPY);
            case "page" -> put(method, BlobOperation.PUT_PAGE);
            case "pagelist" -> {
                if (method.equals("GET") || method.equals("HEAD")) {
                    yield BlobOperation.GET_PAGE_RANGES;
                }
                throw Refusals.unsupportedVerb(method);
            }
            case "tags" -> switch (method) {
                case "GET" -> BlobOperation.GET_BLOB_TAGS;
                case "PUT" -> BlobOperation.SET_BLOB_TAGS;
                default -> throw Refusals.unsupportedVerb(method);
            };
            case "tier" -> put(method, BlobOperation.SET_BLOB_TIER);
            case "seal" -> put(method, BlobOperation.SEAL_APPEND_BLOB);
            case "incrementalcopy" -> put(method, BlobOperation.INCREMENTAL_COPY);
            case "undelete" -> put(method, BlobOperation.UNDELETE_BLOB);
            case "query", "expiry", "immutabilitypolicies", "legalhold" -> throw notYet("blob " + comp);
            default -> throw Refusals.invalidQueryParameter("comp", comp);
        };
    }

    private static BlobOperation get(String method, BlobOperation operation) {
        if (method.equals("GET")) {
            return operation;
        }
        throw Refusals.unsupportedVerb(method);
    }

    private static BlobOperation post(String method, BlobOperation operation) {
        if (method.equals("POST")) {
            return operation;
        }
        throw Refusals.unsupportedVerb(method);
    }

    private static BlobOperation put(String method, BlobOperation operation) {
        if (method.equals("PUT")) {
            return operation;
        }
        throw Refusals.unsupportedVerb(method);
    }

    private static String lower(String value) {
        return value == null ? null : value.toLowerCase(Locale.ROOT);
    }


    private static ServiceException notYet(String what) {
        return new ServiceException(CommonError.NOT_IMPLEMENTED, CommonError.NOT_IMPLEMENTED.message()
                + " Cerulean does not serve " + what + " yet.");
    }
}
