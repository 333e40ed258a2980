package io.cerulean.server.batch;

import io.cerulean.server.http.AzureResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes the multipart batch response (contract 6.3): status 202,
 * {@code multipart/mixed; boundary=batchresponse_<uuid>}, no preamble (Java requires the first
 * line to start with {@code --batchresponse_}), a change set part with boundary
 * {@code changesetresponse_<uuid>} (JS splits on that prefix), and in it one
 * {@code application/http} part per sub-response with an exact {@code HTTP/1.1 <code> <reason>}
 * line (Java reads the code from characters 9 to 12). CRLF throughout.
 */
final class BatchResponseWriter {
    private static final String CRLF = "\r\n";

    private final String batchBoundary;
    private final String changeSetBoundary;

    BatchResponseWriter(String batchBoundary, String changeSetBoundary) {
        this.batchBoundary = batchBoundary;
        this.changeSetBoundary = changeSetBoundary;
    }

    static BatchResponseWriter withRandomBoundaries() {
        return new BatchResponseWriter("batchresponse_" + UUID.randomUUID(), "changesetresponse_" + UUID.randomUUID());
    }

    /** The response to a change set: its parts, one per operation on success, the failing one on failure. */
    AzureResponse changeSet(List<PartResponse> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 + 512 * parts.size());
        write(out, "--" + batchBoundary + CRLF);
        write(out, "Content-Type: multipart/mixed; boundary=" + changeSetBoundary + CRLF + CRLF);
        for (PartResponse part : parts) {
            write(out, "--" + changeSetBoundary + CRLF);
            writePart(out, part);
        }
        write(out, "--" + changeSetBoundary + "--" + CRLF);
        write(out, "--" + batchBoundary + "--" + CRLF);
        return response(out);
    }

    /** The response to a single retrieve: its part directly inside the batch, without a change set. */
    AzureResponse single(PartResponse part) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        write(out, "--" + batchBoundary + CRLF);
        writePart(out, part);
        write(out, "--" + batchBoundary + "--" + CRLF);
        return response(out);
    }

    private AzureResponse response(ByteArrayOutputStream out) {
        return AzureResponse.status(202).body("multipart/mixed; boundary=" + batchBoundary, out.toByteArray());
    }

    /** The part, then the line break that belongs to the next delimiter. */
    private static void writePart(ByteArrayOutputStream out, PartResponse part) {
        write(out, "Content-Type: application/http" + CRLF);
        write(out, "Content-Transfer-Encoding: binary" + CRLF + CRLF);
        write(out, "HTTP/1.1 " + part.status() + " " + HttpResponseStatus.valueOf(part.status()).reasonPhrase() + CRLF);
        for (Map.Entry<String, String> header : part.headers()) {
            write(out, header.getKey() + ": " + header.getValue() + CRLF);
        }
        write(out, CRLF);
        out.writeBytes(part.body());
        write(out, CRLF);
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
