package io.cerulean.table.rest.batch;

import io.cerulean.http.message.AzureResponse;
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
    /**
     * Room for an insert's part without a body: its delimiter, MIME headers, status line and seven
     * or eight headers (with a Content-ID), Location and DataServiceId being a full entity URL
     * each (about 550 chars in all).
     * Too little room makes the builder grow, copying all it holds, while it is being written.
     */
    private static final int PART_CHARS = 640;

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
        Body out = new Body(256 + PART_CHARS * parts.size());
        out.text.append("--").append(batchBoundary).append(CRLF)
                .append("Content-Type: multipart/mixed; boundary=").append(changeSetBoundary).append(CRLF).append(CRLF);
        for (PartResponse part : parts) {
            out.text.append("--").append(changeSetBoundary).append(CRLF);
            writePart(out, part);
        }
        out.text.append("--").append(changeSetBoundary).append("--").append(CRLF)
                .append("--").append(batchBoundary).append("--").append(CRLF);
        return response(out);
    }

    /** The response to a single retrieve: its part directly inside the batch, without a change set. */
    AzureResponse single(PartResponse part) {
        Body out = new Body(1024);
        out.text.append("--").append(batchBoundary).append(CRLF);
        writePart(out, part);
        out.text.append("--").append(batchBoundary).append("--").append(CRLF);
        return response(out);
    }

    private AzureResponse response(Body out) {
        return AzureResponse.status(202).body("multipart/mixed; boundary=" + batchBoundary, out.toByteArray());
    }

    /** The part, then the line break that belongs to the next delimiter. */
    private static void writePart(Body out, PartResponse part) {
        StringBuilder text = out.text;
        text.append("Content-Type: application/http").append(CRLF)
                .append("Content-Transfer-Encoding: binary").append(CRLF).append(CRLF)
                .append("HTTP/1.1 ").append(part.status()).append(' ')
                .append(HttpResponseStatus.valueOf(part.status()).reasonPhrase()).append(CRLF);
        for (Map.Entry<String, String> header : part.headers()) {
            text.append(header.getKey()).append(": ").append(header.getValue()).append(CRLF);
        }
        text.append(CRLF);
        out.writeBytes(part.body());
        text.append(CRLF);
    }

    /**
     * A response body being written: text gathers in a StringBuilder and is encoded once, when a
     * part's body (already bytes) comes or at the end, so that a hundred parts without a body cost
     * one encoding rather than several small arrays per header line.
     */
    private static final class Body {
        final StringBuilder text;
        /** What is already encoded; null until a part brings a body. */
        private ByteArrayOutputStream bytes;

        Body(int capacity) {
            text = new StringBuilder(capacity);
        }

        void writeBytes(byte[] body) {
            if (body.length > 0) {
                flushText();
                bytes.writeBytes(body);
            }
        }

        byte[] toByteArray() {
            if (bytes == null) {
                return text.toString().getBytes(StandardCharsets.UTF_8);
            }
            flushText();
            return bytes.toByteArray();
        }

        private void flushText() {
            if (bytes == null) {
                bytes = new ByteArrayOutputStream(text.length() * 2);
            }
            bytes.writeBytes(text.toString().getBytes(StandardCharsets.UTF_8));
            text.setLength(0);
        }
    }
}
