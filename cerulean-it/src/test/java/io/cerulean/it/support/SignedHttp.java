package io.cerulean.it.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.cerulean.it.ServerFixture;
import io.cerulean.table.query.ContinuationToken;
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
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Raw HTTP against a Cerulean server, signed as the SDKs sign. By default SharedKeyLite over
 * {@code x-ms-date}: {@code date + "\n" + "/" + account + rawPath}, so for path-style URLs the
 * account appears twice ({@code /devstoreaccount1/devstoreaccount1/Tables}). Instances are
 * immutable; {@link #withSharedKey()} and {@link #withDateHeader()} return variants for the tests
 * that pin down the other signing schemes the server must accept.
 */
public final class SignedHttp {
    public static final String ACCOUNT = "devstoreaccount1";
    public static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    public static final String MINIMAL = "application/json;odata=minimalmetadata";
    public static final String FULL = "application/json;odata=fullmetadata";
    public static final String NO_METADATA = "application/json;odata=nometadata";
    /** Shared by the tests that build JSON bodies; thread-safe as long as nobody reconfigures it. */
    public static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    // Generous on purpose: pages over large entities and 4 MiB batches on a loaded CI machine.
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final int port;
    private final byte[] key;
    private final boolean lite;
    private final String dateHeader;

    public SignedHttp(int port) {
        this(port, DEV_KEY);
    }

    /** A client signing with another key, e.g. a wrong one to see authentication fail. */
    public SignedHttp(int port, String base64Key) {
        this(port, Base64.getDecoder().decode(base64Key), true, "x-ms-date");
    }

    private SignedHttp(int port, byte[] key, boolean lite, String dateHeader) {
        this.port = port;
        this.key = key;
        this.lite = lite;
        this.dateHeader = dateHeader;
    }

    public static SignedHttp to(ServerFixture.RunningServer server) {
        return new SignedHttp(server.cerulean().port());
    }

    /** The same server, signing with full Shared Key (VERB, Content-MD5, Content-Type, date) as Python does. */
    public SignedHttp withSharedKey() {
        return new SignedHttp(port, key, false, dateHeader);
    }

    /**
     * The same server, dating requests with the standard {@code Date} header and no {@code x-ms-date},
     * as the SDKs date their {@code $batch} requests: the server must sign over whichever it gets.
     */
    public SignedHttp withDateHeader() {
        return new SignedHttp(port, key, lite, "Date");
    }

    /** The account's base URL, e.g. {@code http://127.0.0.1:1234/devstoreaccount1}, as absolute URLs in batches name it. */
    public String base() {
        return "http://127.0.0.1:" + port + "/" + ACCOUNT;
    }

    /**
     * Sends a signed request. {@code pathAndQuery} follows the account ("/Tables", "/t(PartitionKey='a',RowKey='b')?$select=x")
     * and must already be percent-encoded as it should go on the wire; {@code headers} are name/value pairs and
     * replace the defaults of the same name (x-ms-version, Accept, Content-Type, DataServiceVersion).
     */
    public RawResponse send(String method, String pathAndQuery, String body, String... headers) {
        return execute(method, pathAndQuery, body == null ? null : HttpRequest.BodyPublishers.ofString(body,
                StandardCharsets.UTF_8), true, headers);
    }

    public RawResponse get(String pathAndQuery, String... headers) {
        return send("GET", pathAndQuery, null, headers);
    }

    /** Sends without any Authorization header (unless {@code headers} bring their own). */
    public RawResponse sendUnsigned(String method, String pathAndQuery, String body, String... headers) {
        return execute(method, pathAndQuery, body == null ? null : HttpRequest.BodyPublishers.ofString(body,
                StandardCharsets.UTF_8), false, headers);
    }

    /**
     * Posts a raw {@code $batch} body with the headers the SDKs send along (contract 9.2, 9.3). Only the
     * outer request is signed; the parts carry no authentication.
     */
    public RawResponse postBatch(String contentType, byte[] body, boolean signed) {
        return execute("POST", "/$batch", HttpRequest.BodyPublishers.ofByteArray(body), signed,
                "Content-Type", contentType, "Accept", "application/json",
                "DataServiceVersion", "3.0;", "MaxDataServiceVersion", "3.0;NetFx");
    }

    public RawResponse postBatch(String contentType, String body) {
        return postBatch(contentType, body.getBytes(StandardCharsets.UTF_8), true);
    }

    /** Inserts one entity given as a JSON object (with its annotations); fails unless 201/204. */
    public void insert(String table, String entityJson) {
        RawResponse response = send("POST", "/" + table, entityJson, "Accept", NO_METADATA, "Prefer", "return-no-content");
        if (response.status() != 204 && response.status() != 201) {
            throw new AssertionError("insert into " + table + " failed: " + response + " for " + entityJson);
        }
    }

    /** Deletes one entity, whatever its ETag; fails unless 204. */
    public void delete(String table, String pk, String rk) {
        String path = entityPath(table, pk, rk);
        RawResponse response = send("DELETE", path, null, "Accept", NO_METADATA, "If-Match", "*");
        if (response.status() != 204) {
            throw new AssertionError("delete " + path + " failed: " + response);
        }
    }

    private RawResponse execute(String method, String pathAndQuery, HttpRequest.BodyPublisher body, boolean signed,
            String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base() + pathAndQuery)).timeout(TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body);
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        defaultHeader(builder, headers, "x-ms-version", "2019-02-02");
        defaultHeader(builder, headers, "Accept", MINIMAL);
        if (body != null) {
            defaultHeader(builder, headers, "Content-Type", "application/json");
        }
        defaultHeader(builder, headers, "DataServiceVersion", "3.0");
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        HttpRequest request = builder.header(dateHeader, date).build();
        if (signed) {
            // Content-Type is read back from the built request so that a default is signed too.
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
            return new RawResponse(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void defaultHeader(HttpRequest.Builder builder, String[] headers, String name, String value) {
        for (int i = 0; i < headers.length; i += 2) {
            if (headers[i].equalsIgnoreCase(name)) {
                return;
            }
        }
        builder.header(name, value);
    }

    /** The account, the raw path and only the {@code comp} parameter of the query: both schemes sign exactly that. */
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
        return signature(key, stringToSign);
    }

    /** The base64 HMAC-SHA256 of {@code stringToSign} under the development account's key, for hand-built requests. */
    public static String devKeySignature(String stringToSign) {
        return signature(Base64.getDecoder().decode(DEV_KEY), stringToSign);
    }

    private static String signature(byte[] key, String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Percent-encodes a query parameter value: spaces as %20, never '+', quotes as %27. */
    public static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The URL path of one entity, keys quoted with doubled single quotes and percent-encoded. */
    public static String entityPath(String table, String pk, String rk) {
        return "/" + table + "(PartitionKey='" + keyLiteral(pk) + "',RowKey='" + keyLiteral(rk) + "')";
    }

    private static String keyLiteral(String key) {
        return q(key.replace("'", "''")).replace("%27", "'");
    }

    /** A token in the shape the server emits, for a key of our choosing (the format is pinned in core's tests). */
    public static String token(String key) {
        return ContinuationToken.encode(key);
    }

    /** The key a continuation token names. */
    public static String decodeToken(String token) {
        return ContinuationToken.decode(token, "continuation");
    }
}
