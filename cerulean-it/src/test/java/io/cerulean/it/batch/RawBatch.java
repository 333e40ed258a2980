package io.cerulean.it.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Posts raw {@code $batch} bodies, signed as the SDKs sign them with SharedKeyLite (contract 9.2,
 * 9.3): {@code Date + "\n" + "/devstoreaccount1/devstoreaccount1/$batch"}, HMAC-SHA256 with the
 * development key. Only the outer request is signed; the parts carry no authentication.
 */
final class RawBatch {
    static final String ACCOUNT = "devstoreaccount1";
    private static final byte[] DEV_KEY = Base64.getDecoder().decode(
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int port;

    RawBatch(int port) {
        this.port = port;
    }

    /** The account's URL, as absolute sub-request targets name it. */
    String base() {
        return "http://127.0.0.1:" + port + "/" + ACCOUNT;
    }

    Response post(String contentType, byte[] body, boolean signed) {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base() + "/$batch"))
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .header("Content-Type", contentType)
                .header("Date", date)
                .header("x-ms-version", "2019-02-02")
                .header("Accept", "application/json")
                .header("DataServiceVersion", "3.0;")
                .header("MaxDataServiceVersion", "3.0;NetFx");
        if (signed) {
            request.header("Authorization", "SharedKeyLite " + ACCOUNT + ":" + sign(date + "\n/" + ACCOUNT + "/" + ACCOUNT
                    + "/$batch"));
        }
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Response post(String contentType, String body) {
        return post(contentType, body.getBytes(StandardCharsets.UTF_8), true);
    }

    private static String sign(String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(DEV_KEY, "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A raw response, with the views of a batch response the SDKs rely on. */
    record Response(int status, java.net.http.HttpHeaders headers, String body) {
        private static final Pattern STATUS_LINE = Pattern.compile("^HTTP/1\\.1 (\\d{3}) [A-Za-z ]+$", Pattern.MULTILINE);
        private static final Pattern CONTENT_ID = Pattern.compile("^Content-ID: (.*)$", Pattern.MULTILINE);
        private static final Pattern ETAG = Pattern.compile("^ETag: (.*)$", Pattern.MULTILINE);

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        /** Checks the envelope every SDK needs (contract 6.3) and returns the parts' statuses in order. */
        List<Integer> partStatuses() {
            assertThat(status).as("outer status of %s", body).isEqualTo(202);
            assertThat(header("Content-Type")).startsWith("multipart/mixed; boundary=batchresponse_");
            String boundary = header("Content-Type").substring("multipart/mixed; boundary=".length());
            assertThat(body).as("no preamble").startsWith("--" + boundary + "\r\n");
            assertThat(body).endsWith("--" + boundary + "--\r\n");
            return all(STATUS_LINE).stream().map(Integer::parseInt).toList();
        }

        List<String> contentIds() {
            return all(CONTENT_ID);
        }

        List<String> etags() {
            return all(ETAG);
        }

        /** The odata.error of the one failing part. */
        JsonNode partError() {
            String line = body.lines().filter(l -> l.startsWith("{\"odata.error\"")).findFirst()
                    .orElseThrow(() -> new AssertionError("no error part in " + body));
            try {
                return JSON.readTree(line).path("odata.error");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The JSON error of a top-level (non-202) failure. */
        JsonNode topLevelError() {
            try {
                return JSON.readTree(body).path("odata.error");
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
    }
}
