package io.cerulean.blob.rest.batch;

import io.cerulean.http.message.AzureResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes a batch's answer as the service does: 202, {@code multipart/mixed;
 * boundary=batchresponse_<uuid>}, no preamble, then per sub-request, in order, an
 * {@code application/http} part with its {@code Content-ID}, its status line, its headers (with the
 * {@code Content-Length} of a body) and its body; CRLF throughout. The Java SDK reads the status from
 * the status line's second word and splits a part at its blank lines; the JavaScript SDK matches the
 * parts to its requests by {@code Content-ID}, or takes a single part without one as the batch's
 * error. Every part's {@code x-ms-version} is the batch's: sub-requests carry none of their own.
 */
final class BatchAnswer {
    private static final String CRLF = "\r\n";

    private final String boundary;
    private final String version;

    /** @param version the batch's {@code x-ms-version} as answered, or null to keep each part's */
    BatchAnswer(String boundary, String version) {
        this.boundary = boundary;
        this.version = version;
    }

    static BatchAnswer withRandomBoundary(String version) {
        return new BatchAnswer("batchresponse_" + UUID.randomUUID(), version);
    }

    /** The answer to every sub-request, {@code responses.get(i)} to {@code parts.get(i)}. */
    AzureResponse answers(List<BatchPart> parts, List<AzureResponse> responses) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 * parts.size() + 64);
        for (int i = 0; i < parts.size(); i++) {
            part(out, parts.get(i).contentId(), responses.get(i));
        }
        return close(out);
    }

    /** The answer to a batch refused as a whole: one part, without a Content-ID, holding the error. */
    AzureResponse refused(AzureResponse error) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        part(out, null, error);
        return close(out);
    }

    private AzureResponse close(ByteArrayOutputStream out) {
        write(out, "--" + boundary + "--" + CRLF);
        return AzureResponse.status(202).body("multipart/mixed; boundary=" + boundary, out.toByteArray());
    }

    private void part(ByteArrayOutputStream out, String contentId, AzureResponse response) {
        StringBuilder head = new StringBuilder(512);
        head.append("--").append(boundary).append(CRLF).append("Content-Type: application/http").append(CRLF);
        if (contentId != null) {
            head.append("Content-ID: ").append(contentId).append(CRLF);
        }
        head.append(CRLF).append("HTTP/1.1 ").append(response.status()).append(' ')
                .append(HttpResponseStatus.valueOf(response.status()).reasonPhrase()).append(CRLF);
        for (Map.Entry<String, String> header : response.headers()) {
            String value = version != null && header.getKey().equalsIgnoreCase("x-ms-version") ? version
                    : header.getValue();
            head.append(header.getKey()).append(": ").append(value).append(CRLF);
        }
        int length = response.bodyLength();
        if (length > 0) {
            head.append("Content-Length: ").append(length).append(CRLF);
        }
        head.append(CRLF);
        write(out, head.toString());
        if (length > 0) {
            out.write(response.bodyArray(), 0, length);
            write(out, CRLF);
        }
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
