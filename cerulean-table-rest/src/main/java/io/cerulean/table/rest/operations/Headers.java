package io.cerulean.table.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.core.error.TableError;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.core.model.ETag;
import io.cerulean.core.spi.Condition;
import io.cerulean.http.message.AzureRequest;
import java.util.List;
import java.util.Locale;

/**
 * Request headers with meaning for entity and table operations: If-Match, Prefer and
 * X-HTTP-Method. Public because the sub-requests of a {@code $batch} obey the same rules.
 */
public final class Headers {
    private static final List<String> TUNNELLED_METHODS = List.of("MERGE", "PUT", "DELETE", "PATCH");

    private Headers() {
    }

    /** If-Match as a condition: absent, {@code *}, or the Timestamp an ETag names. */
    public static Condition ifMatch(AzureRequest request) {
        String value = request.header("If-Match");
        if (value == null) {
            return Condition.NONE;
        }
        value = value.trim();
        if (value.equals("*")) {
            return Condition.MUST_EXIST;
        }
        return new Condition.TimestampEquals(ETag.parse(value));
    }

    /** Rejects If-None-Match, which the Table service does not support on writes. */
    public static void noIfNoneMatch(AzureRequest request) {
        if (request.header("If-None-Match") != null) {
            throw new TableServiceException(CommonError.INVALID_INPUT,
                    "The If-None-Match header is not supported by this operation.");
        }
    }

    /** The Prefer header's choice: true for return-content, false for return-no-content, default when absent. */
    public static boolean returnContent(AzureRequest request, boolean byDefault) {
        String prefer = request.header("Prefer");
        if (prefer == null) {
            return byDefault;
        }
        String lower = prefer.toLowerCase(Locale.ROOT);
        if (lower.contains("return-no-content")) {
            return false;
        }
        if (lower.contains("return-content")) {
            return true;
        }
        return byDefault;
    }

    public static boolean preferStated(AzureRequest request) {
        String prefer = request.header("Prefer");
        return prefer != null && prefer.toLowerCase(Locale.ROOT).contains("return-");
    }

    /**
     * The method a request acts as (contract 3.14): POST with {@code X-HTTP-Method} acts as the
     * method named (MERGE, PUT, DELETE or PATCH); the header with any other verb, more than once
     * or with another value is an XMethod error. The same table as {@link io.cerulean.table.rest.routing.Router}'s.
     */
    public static String effectiveMethod(AzureRequest request) {
        List<String> tunnel = request.headers().getAll("X-HTTP-Method");
        if (tunnel.isEmpty()) {
            return request.method();
        }
        if (!request.method().equals("POST")) {
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
