package io.cerulean.table.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.ETag;
import io.cerulean.table.store.Condition;
import java.util.Locale;

/**
 * Request headers with meaning for entity and table operations: If-Match, If-None-Match and
 * Prefer (X-HTTP-Method is {@code TableRestOperation}'s). Public because the sub-requests of a {@code $batch} obey the same rules.
 */
public final class Headers {
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

}
