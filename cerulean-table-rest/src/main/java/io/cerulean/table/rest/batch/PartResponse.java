package io.cerulean.table.rest.batch;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One sub-response of a batch response: the status of its {@code HTTP/1.1} line, its headers in
 * order, and its body (empty for none; JSON on one line, as JS parses it with a single-line regex).
 */
record PartResponse(int status, List<Map.Entry<String, String>> headers, byte[] body) {
    PartResponse {
        headers = List.copyOf(headers);
        Objects.requireNonNull(body, "body");
    }
}
