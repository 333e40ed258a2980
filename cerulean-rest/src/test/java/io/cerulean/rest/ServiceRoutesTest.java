package io.cerulean.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The operations on a service's own URL: which a request names, and how one it does not name is refused. */
class ServiceRoutesTest {
    private final ServiceRoutes<String> routes = new ServiceRoutes<>("list", "get", "set", "stats");

    @ParameterizedTest
    @CsvSource({
            "GET, list,       ,        list",
            "GET, properties, service, get",
            "PUT, properties, service, set",
            "GET, stats,      service, stats"})
    void eachOperationIsNamedByItsMethodAndParameters(String method, String comp, String restype, String expected) {
        assertThat(routes.route(method, comp, restype)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
            "PUT,    list,       ",
            "DELETE, properties, service",
            "PUT,    stats,      service"})
    void aMethodTheOperationDoesNotTakeIsUnsupportedHttpVerb(String method, String comp, String restype) {
        assertThat(refusal(method, comp, restype)).isEqualTo(CommonError.UNSUPPORTED_HTTP_VERB);
    }

    @ParameterizedTest
    @CsvSource({
            "GET, properties, ",
            "GET, list,       service",
            "GET, properties, container",
            "GET, ,           service",
            "GET, acl,        service"})
    void anyOtherRestypeOrCompIsInvalidQueryParameterValue(String method, String comp, String restype) {
        assertThat(refusal(method, comp, restype)).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
    }

    private ErrorCode refusal(String method, String comp, String restype) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> routes.route(method, comp, restype));
        assertThat(e).isNotNull();
        return e.errorCode();
    }
}
