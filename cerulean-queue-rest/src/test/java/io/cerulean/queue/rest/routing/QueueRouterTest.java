package io.cerulean.queue.rest.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.queue.rest.resource.QueuePathParser;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueueRouterTest {
    @ParameterizedTest
    @CsvSource({
            "GET,    /a/,                    comp=list,                       LIST_QUEUES",
            "GET,    /a/,                    restype=service&comp=properties, GET_SERVICE_PROPERTIES",
            "PUT,    /a/,                    restype=SERVICE&comp=Properties, SET_SERVICE_PROPERTIES",
            "GET,    /a-secondary/,          restype=service&comp=stats,      GET_SERVICE_STATS",
            "PUT,    /a/q1,                  ,                                CREATE_QUEUE",
            "DELETE, /a/q1,                  timeout=30,                      DELETE_QUEUE",
            "GET,    /a/q1,                  comp=metadata,                   GET_QUEUE_METADATA",
            "HEAD,   /a/q1,                  comp=metadata,                   GET_QUEUE_METADATA",
            "PUT,    /a/q1,                  comp=metadata,                   SET_QUEUE_METADATA",
            "GET,    /a/q1,                  comp=acl,                        GET_QUEUE_ACL",
            "PUT,    /a/q1,                  comp=acl,                        SET_QUEUE_ACL",
            "POST,   /a/q1/messages,         visibilitytimeout=0,             PUT_MESSAGE",
            "GET,    /a/q1/messages,         numofmessages=5,                 GET_MESSAGES",
            "GET,    /a/q1/messages,         peekonly=true,                   PEEK_MESSAGES",
            "GET,    /a/q1/messages,         peekonly=false,                  GET_MESSAGES",
            "DELETE, /a/q1/messages,         ,                                CLEAR_MESSAGES",
            "DELETE, /a/q1/messages/m,       popreceipt=r,                    DELETE_MESSAGE",
            "PUT,    /a/q1/messages/m,       popreceipt=r&visibilitytimeout=0, UPDATE_MESSAGE"})
    void mapsEachOperation(String method, String path, String query, QueueOperation expected) {
        assertThat(QueueRouter.route(QueuePathParser.parse(path, restype(query)), request(method, path, query)))
                .isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"POST, /a/q1, ", "GET, /a/q1, ", "PUT, /a/q1/messages, ", "GET, /a/q1/messages/m, ",
            "DELETE, /a/, comp=list", "POST, /a/q1, comp=acl"})
    void aMethodTheResourceDoesNotServeIsUnsupportedHttpVerb(String method, String path, String query) {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> QueueRouter.route(QueuePathParser.parse(path, restype(query)), request(method, path, query)));
        assertThat(refused.errorCode()).isEqualTo(CommonError.UNSUPPORTED_HTTP_VERB);
    }

    @ParameterizedTest
    @CsvSource({"GET, /a/, ", "GET, /a/, restype=service&comp=nothing", "GET, /a/q1, comp=nothing"})
    void anUnknownCompIsInvalidQueryParameterValue(String method, String path, String query) {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> QueueRouter.route(QueuePathParser.parse(path, restype(query)), request(method, path, query)));
        assertThat(refused.errorCode()).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
    }

    private static String restype(String query) {
        return parse(query).getOrDefault("restype", List.of()).stream().findFirst().orElse(null);
    }

    private static AzureRequest request(String method, String path, String query) {
        return new AzureRequest(method, path, parse(query), new DefaultHttpHeaders(), new byte[0], false, "127.0.0.1");
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
