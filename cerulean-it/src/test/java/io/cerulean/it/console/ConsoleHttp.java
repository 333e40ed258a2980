package io.cerulean.it.console;

import io.cerulean.it.support.SignedHttp;
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
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Raw requests to a port's console and relay, signed as the console's page signs them (Shared Key Lite). */
final class ConsoleHttp {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private ConsoleHttp() {
    }

    static HttpResponse<String> send(int port, String method, String pathAndQuery, String body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The headers of a Table request through the relay, signed over the service's own path. */
    static String[] tableHeaders(String servicePath, String... more) {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        String signature = sign(date + "\n/" + SignedHttp.ACCOUNT + servicePath);
        String[] fixed = {"x-ms-date", date, "x-ms-version", "2019-02-02", "Accept", SignedHttp.NO_METADATA,
                "Authorization", "SharedKeyLite " + SignedHttp.ACCOUNT + ":" + signature};
        String[] all = new String[fixed.length + more.length];
        System.arraycopy(fixed, 0, all, 0, fixed.length);
        System.arraycopy(more, 0, all, fixed.length, more.length);
        return all;
    }

    /** The headers of a Blob or Queue GET through the relay (Shared Key Lite, no body). */
    static String[] blobQueueGetHeaders(String servicePath, String comp, String... more) {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        String signature = sign("GET\n\n\n\nx-ms-date:" + date + "\nx-ms-version:2021-12-02\n/" + SignedHttp.ACCOUNT
                + servicePath + (comp == null ? "" : "?comp=" + comp));
        String[] fixed = {"x-ms-date", date, "x-ms-version", "2021-12-02",
                "Authorization", "SharedKeyLite " + SignedHttp.ACCOUNT + ":" + signature};
        String[] all = new String[fixed.length + more.length];
        System.arraycopy(fixed, 0, all, 0, fixed.length);
        System.arraycopy(more, 0, all, fixed.length, more.length);
        return all;
    }

    /** The headers of a Blob request through the relay (Shared Key Lite) with these x-ms- headers and Content-Type. */
    static String[] blobHeaders(String method, String servicePath, String contentType, String... msHeaders) {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        java.util.TreeMap<String, String> signed = new java.util.TreeMap<>();
        signed.put("x-ms-date", date);
        signed.put("x-ms-version", "2021-12-02");
        for (int i = 0; i < msHeaders.length; i += 2) {
            signed.put(msHeaders[i], msHeaders[i + 1]);
        }
        StringBuilder canonical = new StringBuilder();
        signed.forEach((name, value) -> canonical.append(name).append(':').append(value).append('\n'));
        String signature = sign(method + "\n\n" + (contentType == null ? "" : contentType) + "\n\n" + canonical + "/"
                + SignedHttp.ACCOUNT + servicePath);
        java.util.List<String> all = new java.util.ArrayList<>();
        signed.forEach((name, value) -> {
            all.add(name);
            all.add(value);
        });
        if (contentType != null) {
            all.add("Content-Type");
            all.add(contentType);
        }
        all.add("Authorization");
        all.add("SharedKeyLite " + SignedHttp.ACCOUNT + ":" + signature);
        all.add("x-cerulean-console");
        all.add("1");
        return all.toArray(String[]::new);
    }

    static HttpResponse<byte[]> sendBytes(int port, String method, String pathAndQuery, byte[] body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String sign(String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(SignedHttp.DEV_KEY), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
