package io.cerulean.blob.rest.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BlobRouterTest {
    @ParameterizedTest
    @CsvSource({
            "GET,    /a/,           comp=list,                          ,                  LIST_CONTAINERS",
            "GET,    /a/,           restype=service&comp=properties,    ,                  GET_SERVICE_PROPERTIES",
            "PUT,    /a/,           restype=SERVICE&comp=Properties,    ,                  SET_SERVICE_PROPERTIES",
            "GET,    /a-secondary/, restype=service&comp=stats,         ,                  GET_SERVICE_STATS",
            "HEAD,   /a/c/b,        restype=account&comp=properties,    ,                  GET_ACCOUNT_INFORMATION",
            "PUT,    /a/c,          restype=container,                  ,                  CREATE_CONTAINER",
            "GET,    /a/b,          ,                                   ,                  GET_BLOB",
            "PUT,    /a/b,          comp=block&blockid=QQ==,            ,                  PUT_BLOCK",
            "DELETE, /a/c,          restype=container&timeout=30,       ,                  DELETE_CONTAINER",
            "HEAD,   /a/c,          restype=container,                  ,                  GET_CONTAINER_PROPERTIES",
            "GET,    /a/c,          restype=container&comp=metadata,    ,                  GET_CONTAINER_METADATA",
            "PUT,    /a/c,          restype=container&comp=metadata,    ,                  SET_CONTAINER_METADATA",
            "GET,    /a/c,          restype=container&comp=acl,         ,                  GET_CONTAINER_ACL",
            "PUT,    /a/c,          restype=container&comp=acl,         ,                  SET_CONTAINER_ACL",
            "PUT,    /a/c,          restype=container&comp=lease,       ,                  LEASE_CONTAINER",
            "GET,    /a/c,          restype=container&comp=list,        ,                  LIST_BLOBS",
            "PUT,    /a/c/b,        ,                                   ,                  PUT_BLOB",
            "PUT,    /a/c/b,        ,                                   x-ms-copy-source,  COPY_BLOB",
            "PUT,    /a/c/b,        comp=block&blockid=AA==,            ,                  PUT_BLOCK",
            "PUT,    /a/c/b,        comp=block&blockid=AA==,            x-ms-copy-source,  PUT_BLOCK_FROM_URL",
            "PUT,    /a/c/b,        comp=blocklist,                     ,                  PUT_BLOCK_LIST",
            "GET,    /a/c/b,        comp=blocklist,                     ,                  GET_BLOCK_LIST",
            "GET,    /a/c/dir/b,    ,                                   ,                  GET_BLOB",
            "HEAD,   /a/c/b,        ,                                   ,                  GET_BLOB_PROPERTIES",
            "GET,    /a/c/b,        comp=metadata,                      ,                  GET_BLOB_METADATA",
            "PUT,    /a/c/b,        comp=properties,                    ,                  SET_BLOB_PROPERTIES",
            "PUT,    /a/c/b,        comp=metadata,                      ,                  SET_BLOB_METADATA",
            "DELETE, /a/c/b,        snapshot=2026-11-25T17:53:17.0100000Z, ,              DELETE_BLOB",
            "DELETE, /a/c/b,        versionid=2026-11-25T17:53:17.0100000Z, ,             DELETE_BLOB_VERSION",
            "PUT,    /a/c/b,        comp=lease,                         ,                  LEASE_BLOB",
            "PUT,    /a/c/b,        comp=snapshot,                      ,                  SNAPSHOT_BLOB",
            "PUT,    /a/c/b,        comp=appendblock,                   ,                  APPEND_BLOCK",
            "PUT,    /a/c/b,        comp=copy&copyid=x,                 ,                  ABORT_COPY",
            "PUT,    /a/c/b,        comp=page,                          ,                  PUT_PAGE",
            "GET,    /a/c/b,        comp=pagelist,                      ,                  GET_PAGE_RANGES",
            "PUT,    /a/c/b,        comp=tags,                          ,                  SET_BLOB_TAGS",
            "GET,    /a/c/b,        comp=tags&versionid=v,              ,                  GET_BLOB_TAGS",
            "GET,    /a/,           comp=blobs&where=x,                 ,                  FIND_BLOBS_BY_TAGS",
            "GET,    /a/c,          restype=container&comp=blobs,       ,                  FIND_BLOBS_BY_TAGS_IN_CONTAINER",
            "POST,   /a/,           comp=batch,                         ,                  SUBMIT_BATCH",
            "POST,   /a,            restype=container&comp=batch,       ,                  SUBMIT_BATCH",
            "POST,   /a/c,          restype=container&comp=batch,       ,                  SUBMIT_BATCH",
            "POST,   /a/,           restype=service&comp=userdelegationkey, ,              GET_USER_DELEGATION_KEY",
            "PUT,    /a/c/b,        comp=tier,                          ,                  SET_BLOB_TIER",
            "PUT,    /a/c/b,        comp=seal,                          ,                  SEAL_APPEND_BLOB",
            "PUT,    /a/c/b,        comp=incrementalcopy,               x-ms-copy-source,  INCREMENTAL_COPY",
            "PUT,    /a/c/b,        comp=undelete,                      ,                  UNDELETE_BLOB",
            "PUT,    /a/c/b,        comp=appendblock,                   x-ms-copy-source,  APPEND_BLOCK_FROM_URL"})
    void mapsEachOperation(String method, String path, String query, String header, BlobOperation expected) {
        assertThat(BlobRouter.route(BlobPathParser.parse(path, restype(query)), request(method, path, query, header)))
                .isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"POST, /a/c/b, ", "DELETE, /a/c, restype=container&comp=metadata", "GET, /a/c/b, comp=block",
            "DELETE, /a/, comp=list", "GET, /a/c/b, comp=lease", "GET, /a/, comp=batch", "GET, /a/c/b, comp=tier",
            "DELETE, /a/c/b, comp=tags", "GET, /a/, restype=service&comp=userdelegationkey"})
    void aMethodTheResourceDoesNotServeIsUnsupportedHttpVerb(String method, String path, String query) {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> BlobRouter.route(BlobPathParser.parse(path, restype(query)), request(method, path, query, null)));
        assertThat(refused.errorCode()).isEqualTo(CommonError.UNSUPPORTED_HTTP_VERB);
    }

    @ParameterizedTest
    @CsvSource({"GET, /a/, ", "GET, /a/c/, ", "GET, /a/c, restype=nothing", "GET, /a/c, restype=container&comp=nothing", "GET, /a/c/b, comp=nothing"})
    void anUnknownCompOrMissingRestypeIsInvalidQueryParameterValue(String method, String path, String query) {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> BlobRouter.route(BlobPathParser.parse(path, restype(query)), request(method, path, query, null)));
        assertThat(refused.errorCode()).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
    }

    @ParameterizedTest
    @CsvSource({"PUT, /a/c/b, comp=expiry", "PUT, /a/c/b, comp=legalhold", "PUT, /a/c, restype=container&comp=rename"})
    void whatIsNotServedYetIsNotImplementedNamingIt(String method, String path, String query) {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> BlobRouter.route(BlobPathParser.parse(path, restype(query)), request(method, path, query, null)));
        assertThat(refused.errorCode()).isEqualTo(CommonError.NOT_IMPLEMENTED);
        assertThat(refused.getMessage()).contains("does not serve");
    }

    private static String restype(String query) {
        return parse(query).getOrDefault("restype", List.of()).stream().findFirst().orElse(null);
    }

    private static AzureRequest request(String method, String path, String query, String header) {
        HttpHeaders headers = new DefaultHttpHeaders();
        if (header != null) {
            headers.add(header, "http://127.0.0.1:10000/a/c/source");
        }
        return new AzureRequest(method, path, parse(query), headers, new byte[0], false, "127.0.0.1");
    }

    private static Map<String, List<String>> parse(String query) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                parameters.put(pair.substring(0, eq), List.of(pair.substring(eq + 1)));
            }
        }
        return parameters;
    }
}
