package io.cerulean.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Raw HTTP against a Cerulean server, signed with SharedKeyLite like the SDKs do (or Shared Key):
 * {@code x-ms-date + "\n" + "/" + account + rawPath}, so for path-style URLs the account appears
 * twice ({@code /devstoreaccount1/devstoreaccount1/Tables}).
 */
final class SignedHttp {
    static final String ACCOUNT = "devstoreaccount1";
    static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    static final String MINIMAL = "application/json;odata=minimalmetadata";
    static final String FULL = "application/json;odata=fullmetadata";
    static final String NO_METADATA = "application/json;odata=nometadata";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private final int port;
    private final byte[] key;
    private final boolean lite;

    SignedHttp(int port) {
        this(port, DEV_KEY);
    }

    SignedHttp(int port, String base64Key) {
        this(port, base64Key, true);
    }

    private SignedHttp(int port, String base64Key, boolean lite) {
        this.port = port;
        this.key = Base64.getDecoder().decode(base64Key);
        this.lite = lite;
    }

    /** The same server, signing with full Shared Key (VERB, Content-MD5, Content-Type, date) as Python does. */
    SignedHttp withSharedKey() {
        return new SignedHttp(port, Base64.getEncoder().encodeToString(key), false);
    }

    static SignedHttp to(ServerFixture.RunningServer server) {
        return new SignedHttp(server.cerulean().port());
    }

    /** The account's base URL, e.g. {@code http://127.0.0.1:1234/devstoreaccount1}. */
    String base() {
        return "http://127.0.0.1:" + port + "/" + ACCOUNT;
    }

    /**
     * Sends a signed request. {@code pathAndQuery} follows the account ("/Tables", "/t(PartitionKey='a',RowKey='b')?$select=x")
     * and must already be percent-encoded as it should go on the wire; {@code headers} are name/value pairs.
     */
    Response send(String method, String pathAndQuery, String body, String... headers) {
        return execute(request(method, pathAndQuery, body, headers), true);
    }

    Response get(String pathAndQuery, String... headers) {
        return send("GET", pathAndQuery, null, headers);
    }

    /** Sends without any Authorization header. */
    Response sendUnsigned(String method, String pathAndQuery, String body, String... headers) {
        return execute(request(method, pathAndQuery, body, headers), false);
    }

    private HttpRequest.Builder request(String method, String pathAndQuery, String body, String... headers) {
        URI uri = URI.create(base() + pathAndQuery);
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        boolean hasVersion = false;
        boolean hasAccept = false;
        boolean hasContentType = false;
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
            hasVersion |= headers[i].equalsIgnoreCase("x-ms-version");
            hasAccept |= headers[i].equalsIgnoreCase("Accept");
            hasContentType |= headers[i].equalsIgnoreCase("Content-Type");
        }
        if (!hasVersion) {
            builder.header("x-ms-version", "2019-02-02");
        }
        if (!hasAccept) {
            builder.header("Accept", MINIMAL);
        }
        if (body != null && !hasContentType) {
            builder.header("Content-Type", "application/json");
        }
        builder.header("DataServiceVersion", "3.0");
        return builder;
    }

    private Response execute(HttpRequest.Builder builder, boolean signed) {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        builder.header("x-ms-date", date);
        HttpRequest request = builder.build();
        if (signed) {
            String stringToSign = lite ? date + "\n" + canonicalResource(request.uri())
                    : request.method() + "\n" + request.headers().firstValue("Content-MD5").orElse("") + "\n"
                    + request.headers().firstValue("Content-Type").orElse("") + "\n" + date + "\n"
                    + canonicalResource(request.uri());
            request = HttpRequest.newBuilder(request, (n, v) -> true)
                    .header("Authorization", (lite ? "SharedKeyLite " : "SharedKey ") + ACCOUNT + ":" + sign(stringToSign))
                    .build();
        }
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String canonicalResource(URI uri) {
        String resource = "/" + ACCOUNT + uri.getRawPath();
        String query = uri.getRawQuery();
        if (query != null) {
            for (String part : query.split("&")) {
                if (part.startsWith("comp=")) {
                    resource += "?" + part;
                }
            }
        }
        return resource;
    }

    private String sign(String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] sig = mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(sig);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Percent-encodes a query parameter value (spaces as %20, quotes as %27). */
    static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The URL path of one entity, keys quoted with doubled single quotes and percent-encoded. */
    static String entityPath(String table, String pk, String rk) {
        return "/" + table + "(PartitionKey='" + keyLiteral(pk) + "',RowKey='" + keyLiteral(rk) + "')";
    }

    private static String keyLiteral(String key) {
        return q(key.replace("'", "''")).replace("%27", "'");
    }

    /** A raw HTTP response. */
    record Response(int status, java.net.http.HttpHeaders headers, String body) {
        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        List<String> headerValues(String name) {
            return headers.allValues(name);
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON (status " + status + "): " + body, e);
            }
        }

        /** The Azure error code from the JSON body ({@code odata.error.code}). */
        String errorCode() {
            return json().path("odata.error").path("code").asText(null);
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }
}
