package io.cerulean.server.operations;

import io.cerulean.core.error.ErrorCode;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.core.model.ETag;
import io.cerulean.core.spi.Condition;
import io.cerulean.server.http.AzureRequest;
import java.util.Locale;

/** Request headers with meaning for entity and table operations: If-Match and Prefer. */
final class Headers {
    private Headers() {
    }

    /** If-Match as a condition: absent, {@code *}, or the Timestamp an ETag names. */
    static Condition ifMatch(AzureRequest request) {
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
    static void noIfNoneMatch(AzureRequest request) {
        if (request.header("If-None-Match") != null) {
            throw new TableServiceException(ErrorCode.INVALID_INPUT,
                    "The If-None-Match header is not supported by this operation.");
        }
    }

    /** The Prefer header's choice: true for return-content, false for return-no-content, default when absent. */
    static boolean returnContent(AzureRequest request, boolean byDefault) {
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

    static boolean preferStated(AzureRequest request) {
        String prefer = request.header("Prefer");
        return prefer != null && prefer.toLowerCase(Locale.ROOT).contains("return-");
    }
}
