package io.cerulean.table.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.ETag;
import io.cerulean.table.layout.Condition;
import java.time.Instant;
import java.util.Locale;

/**
 * Request headers with meaning for entity and table operations: If-Match, If-None-Match and
 * Prefer (X-HTTP-Method is {@code TableRestOperation}'s). Public because the sub-requests of a {@code $batch} obey the same rules.
 */
public final class Headers {
    private Headers() {
    }

    /**
     * A Timestamp no entity ever has (the clock never goes back to year 1): the condition of a weak
     * ETag Cerulean did not issue, which matches nothing, so the write fails with 412 as the service's.
     */
    private static final Instant NEVER_ISSUED = Instant.parse("0001-01-01T00:00:00Z");

    /**
     * If-Match as a condition: absent, {@code *}, or the Timestamp an ETag names. A well-formed weak
     * ETag of another shape ({@code W/"wrong"}) matches no entity; anything else is InvalidInput.
     */
    public static Condition ifMatch(AzureRequest request) {
        String value = request.header("If-Match");
        if (value == null) {
            return Condition.NONE;
        }
        value = value.trim();
        if (value.equals("*")) {
            return Condition.MUST_EXIST;
        }
        if (ETag.tryParse(value).isEmpty() && isWeakEntityTag(value)) {
            return new Condition.TimestampEquals(NEVER_ISSUED);
        }
        return new Condition.TimestampEquals(ETag.parse(value));
    }

    /** {@code W/"..."} with only the characters RFC 9110 allows inside an entity tag (no quote, no control). */
    static boolean isWeakEntityTag(String value) {
        if (value.length() < 4 || !value.startsWith("W/\"") || !value.endsWith("\"")) {
            return false;
        }
        for (int i = 3; i < value.length() - 1; i++) {
            char c = value.charAt(i);
            if (c == '"' || c < 0x21 || c == 0x7F) {
                return false;
            }
        }
        return true;
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
