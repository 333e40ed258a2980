package io.cerulean.it.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import io.cerulean.core.query.ContinuationToken;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Raw HTTP to a Cerulean server, signed with SharedKeyLite as the SDKs sign: the string to sign is
 * {@code date + "\n" + "/devstoreaccount1" + rawPath}, where the raw path of a path-style URL already
 * starts with the account ({@code /devstoreaccount1/mytable()}).
 */
final class RawHttp {
    static final String ACCOUNT = "devstoreaccount1";
    static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    static final String NO_METADATA = "application/json;odata=nometadata";
    static final String MINIMAL = "application/json;odata=minimalmetadata";
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private static final byte[] KEY = Base64.getDecoder().decode(DEV_KEY);

    private final int port;

    RawHttp(int port) {
        this.port = port;
    }

    String base() {
        return "http://127.0.0.1:" + port + "/" + ACCOUNT;
    }

    /** A signed GET; {@code pathAndQuery} follows the account and is already percent-encoded. */
    Response get(String pathAndQuery, String accept) {
        return send("GET", pathAndQuery, null, accept);
    }

    Response send(String method, String pathAndQuery, String body, String accept, String... headers) {
        URI uri = URI.create(base() + pathAndQuery);
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        String stringToSign = date + "\n" + "/" + ACCOUNT + uri.getRawPath();
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .header("x-ms-date", date)
                .header("x-ms-version", "2019-02-02")
                .header("DataServiceVersion", "3.0")
                .header("Accept", accept)
                .header("Authorization", "SharedKeyLite " + ACCOUNT + ":" + sign(stringToSign));
        if (body != null) {
            builder.header("Content-Type", "application/json").header("Prefer", "return-no-content");
        }
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> response = HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Inserts one entity given as a JSON object (with its annotations); fails unless 201/204. */
    void insert(String table, String entityJson) {
        Response response = send("POST", "/" + table, entityJson, NO_METADATA);
        if (response.status() != 204 && response.status() != 201) {
            throw new AssertionError("insert into " + table + " failed: " + response + " for " + entityJson);
        }
    }

    /** Deletes one entity, whatever its ETag; fails unless 204. */
    void delete(String table, String pk, String rk) {
        String path = "/" + table + "(PartitionKey='" + keyLiteral(pk) + "',RowKey='" + keyLiteral(rk) + "')";
        Response response = send("DELETE", path, null, NO_METADATA, "If-Match", "*");
        if (response.status() != 204) {
            throw new AssertionError("delete " + path + " failed: " + response);
        }
    }

    private static String keyLiteral(String key) {
        return q(key.replace("'", "''")).replace("%27", "'");
    }

    private static String sign(String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(KEY, "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Percent-encodes a query parameter value: spaces as %20, never '+'. */
    static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A token in the shape the server emits, for a key of our choosing (the format is pinned in core's tests). */
    static String token(String key) {
        return ContinuationToken.encode(key);
    }

    /** The key a continuation token names. */
    static String decodeToken(String token) {
        return ContinuationToken.decode(token, "continuation");
    }

    /** A raw HTTP response. */
    record Response(int status, java.net.http.HttpHeaders headers, String body) {
        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON (status " + status + "): " + body, e);
            }
        }

        List<JsonNode> values() {
            List<JsonNode> values = new ArrayList<>();
            json().path("value").forEach(values::add);
            return values;
        }

        String errorCode() {
            return json().path("odata.error").path("code").asText(null);
        }

        String errorMessage() {
            return json().path("odata.error").path("message").path("value").asText(null);
        }

        String plan() {
            return header("x-cerulean-query-plan");
        }

        long entitiesRead() {
            return Long.parseLong(header("x-cerulean-entities-read"));
        }

        long entitiesReturned() {
            return Long.parseLong(header("x-cerulean-entities-returned"));
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }
}
