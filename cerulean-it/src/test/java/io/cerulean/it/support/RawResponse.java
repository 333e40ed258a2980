package io.cerulean.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A raw HTTP response from {@link SignedHttp}, with the views tests read: JSON bodies and Azure
 * errors, the server's query-plan headers, and the parts of a {@code $batch} response.
 */
public record RawResponse(int status, HttpHeaders headers, String body) {
    private static final Pattern STATUS_LINE = Pattern.compile("^HTTP/1\\.1 (\\d{3}) [A-Za-z ]+$", Pattern.MULTILINE);
    private static final Pattern CONTENT_ID = Pattern.compile("^Content-ID: (.*)$", Pattern.MULTILINE);
    private static final Pattern ETAG = Pattern.compile("^ETag: (.*)$", Pattern.MULTILINE);

    public String header(String name) {
        return headers.firstValue(name).orElse(null);
    }

    public List<String> headerValues(String name) {
        return headers.allValues(name);
    }

    public JsonNode json() {
        try {
            return SignedHttp.JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON (status " + status + "): " + body, e);
        }
    }

    /** The entities (or tables) of a query response's {@code value} array. */
    public List<JsonNode> values() {
        List<JsonNode> values = new ArrayList<>();
        json().path("value").forEach(values::add);
        return values;
    }

    /** The Azure error code from the JSON body ({@code odata.error.code}). */
    public String errorCode() {
        return json().path("odata.error").path("code").asText(null);
    }

    public String errorMessage() {
        return json().path("odata.error").path("message").path("value").asText(null);
    }

    /** The plan the server chose for a query, which it reports for tests to check. */
    public String plan() {
        return header("x-cerulean-query-plan");
    }

    public long entitiesRead() {
        return Long.parseLong(header("x-cerulean-entities-read"));
    }

    public long entitiesReturned() {
        return Long.parseLong(header("x-cerulean-entities-returned"));
    }

    /** Checks the {@code $batch} envelope every SDK needs (contract 6.3) and returns the parts' statuses in order. */
    public List<Integer> partStatuses() {
        assertThat(status).as("outer status of %s", body).isEqualTo(202);
        assertThat(header("Content-Type")).startsWith("multipart/mixed; boundary=batchresponse_");
        String boundary = header("Content-Type").substring("multipart/mixed; boundary=".length());
        assertThat(body).as("no preamble").startsWith("--" + boundary + "\r\n");
        assertThat(body).endsWith("--" + boundary + "--\r\n");
        return all(STATUS_LINE).stream().map(Integer::parseInt).toList();
    }

    public List<String> contentIds() {
        return all(CONTENT_ID);
    }

    public List<String> etags() {
        return all(ETAG);
    }

    /** The odata.error of the one failing part of a {@code $batch} response. */
    public JsonNode partError() {
        String line = body.lines().filter(l -> l.startsWith("{\"odata.error\"")).findFirst()
                .orElseThrow(() -> new AssertionError("no error part in " + body));
        try {
            return SignedHttp.JSON.readTree(line).path("odata.error");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JSON error of a top-level (non-202) {@code $batch} failure. */
    public JsonNode topLevelError() {
        try {
            return SignedHttp.JSON.readTree(body).path("odata.error");
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + body, e);
        }
    }

    private List<String> all(Pattern pattern) {
        List<String> found = new ArrayList<>();
        Matcher m = pattern.matcher(body);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    @Override
    public String toString() {
        return status + " " + body;
    }
}
