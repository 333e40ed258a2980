package io.cerulean.http.error;

/**
 * How a service writes an error body other than XML (the Table service: OData JSON). The message
 * already ends with the request id and time; the code is also sent in {@code x-ms-error-code}.
 */
public interface ErrorBody {
    String contentType();

    byte[] write(String code, String message);
}
