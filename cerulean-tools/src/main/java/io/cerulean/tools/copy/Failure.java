package io.cerulean.tools.copy;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.models.TableServiceException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;

/**
 * Why a request failed, as a user reads it: the service's status and error code, or the endpoint
 * that could not be reached. {@code endpoint} is true when the fault is the endpoint's or its
 * credentials' (unreachable, 401, 403): a fault every later request would meet too.
 */
record Failure(boolean endpoint, String reason) {
    static Failure of(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpResponseException http && http.getResponse() != null) {
                int status = http.getResponse().getStatusCode();
                String code = errorCode(http);
                String reason = status + (code == null ? "" : " " + code);
                if (status < 300 && http.getMessage() != null) {
                    // A success the SDK could not parse (Azurite's 1e+308 Double): its status alone says nothing.
                    reason = status + ", an answer that could not be read (" + firstLine(http.getMessage()) + ")";
                }
                return new Failure(status == 401 || status == 403, reason);
            }
            if (t instanceof ConnectException || t instanceof UnknownHostException
                    || t instanceof UnresolvedAddressException) {
                return new Failure(true, "unreachable: " + t.getMessage());
            }
        }
        return new Failure(false, e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage())));
    }

    private static String errorCode(HttpResponseException e) {
        String header = e.getResponse().getHeaderValue("x-ms-error-code");
        if (header != null) {
            return header;
        }
        if (e instanceof TableServiceException table && table.getValue() != null) {
            return table.getValue().getErrorCode() == null ? null : table.getValue().getErrorCode().toString();
        }
        return null;
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
