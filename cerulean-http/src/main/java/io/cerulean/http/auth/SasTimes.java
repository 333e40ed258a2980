package io.cerulean.http.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * The times a SAS carries in {@code st} and {@code se} (and a user delegation SAS in {@code skt} and
 * {@code ske}), in the ISO 8601 forms the service accepts:
 * {@code YYYY-MM-DD}, {@code YYYY-MM-DDThh:mmZ}, {@code YYYY-MM-DDThh:mm:ssZ} and the latter with
 * fractional seconds. A date alone means its midnight, UTC.
 */
public final class SasTimes {
    private SasTimes() {
    }

    /**
     * @param field the parameter, named in the message: {@code st} and {@code se}, or a user
     *              delegation key's {@code skt} and {@code ske}
     * @throws io.cerulean.common.error.ServiceException 403 AuthenticationFailed when it is no such time
     */
    public static Instant parse(String field, String value) {
        try {
            if (value.length() == 10) {
                return LocalDate.parse(value).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            if (value.length() == 17 && value.endsWith("Z")) { // YYYY-MM-DDThh:mmZ
                return OffsetDateTime.parse(value.substring(0, 16) + ":00Z").toInstant();
            }
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw authenticationFailed("The signed " + (field.endsWith("t") ? "start" : "expiry") + " time ("
                    + field + ") '" + value + "' is not an ISO 8601 UTC time.");
        }
    }
}
