package io.cerulean.table.rest.json;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import java.util.Locale;

/**
 * The OData operations speak JSON only, as the service does since version 2015-12-11: a request that
 * sends Atom XML ({@code Content-Type: application/atom+xml}) or asks for it alone
 * ({@code Accept: application/atom+xml}, {@code $format=atom}) is refused with 415
 * AtomFormatNotSupported, rather than answered in JSON it did not ask for or read as broken JSON.
 * A body of any other declared type that is not JSON ({@code text/plain}) is 415
 * MediaTypeNotSupported, as in the service's catalogue of Table status codes; a body without a
 * Content-Type is read as JSON.
 */
public final class JsonOnly {
    private static final String ATOM = "atom";
    private static final String MESSAGE = TableError.ATOM_FORMAT_NOT_SUPPORTED.message()
            + " Send and accept JSON: application/json;odata=nometadata, minimalmetadata or fullmetadata.";

    private JsonOnly() {
    }

    /**
     * @param jsonBody whether a body the request carries must be JSON (every OData operation but
     *                 {@code $batch}, whose body is multipart)
     * @throws TableServiceException 415 AtomFormatNotSupported for a request that sends or asks for
     *                               Atom, 415 MediaTypeNotSupported for a body declared as neither
     */
    public static void check(AzureRequest request, boolean jsonBody) {
        String contentType = lower(request.header("Content-Type"));
        String format = lower(request.queryParameter("$format"));
        String accept = lower(request.header("Accept"));
        boolean sendsAtom = contentType.contains(ATOM);
        boolean asksForAtom = format.contains(ATOM) || (accept.contains(ATOM) && !accept.contains("json"));
        if (sendsAtom || asksForAtom) {
            throw new TableServiceException(TableError.ATOM_FORMAT_NOT_SUPPORTED, MESSAGE);
        }
        if (jsonBody && !contentType.isEmpty() && !contentType.contains("json") && request.body().length > 0) {
            throw new TableServiceException(TableError.MEDIA_TYPE_NOT_SUPPORTED, TableError.MEDIA_TYPE_NOT_SUPPORTED
                    .message() + ": '" + request.header("Content-Type") + "'. Send the body as application/json.");
        }
    }

    private static String lower(String value) {
        return value == null ? "" : value.toLowerCase(Locale.ROOT);
    }
}
