package io.cerulean.it.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A request as generated: the parts a failure report shows, and the bytes that go on the wire.
 * {@code target} is the request-target exactly as sent (it may be malformed on purpose).
 */
record FuzzedRequest(String method, String target, List<Map.Entry<String, String>> headers, byte[] body,
                     boolean chunked) {

    boolean mayWrite() {
        return !method.equals("GET") && !method.equals("HEAD") && !method.equals("OPTIONS");
    }

    byte[] toBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, method + " " + target + " HTTP/1.1\r\n");
        for (Map.Entry<String, String> header : headers) {
            write(out, header.getKey() + ": " + header.getValue() + "\r\n");
        }
        if (chunked) {
            write(out, "Transfer-Encoding: chunked\r\n\r\n");
            if (body.length > 0) {
                write(out, Integer.toHexString(body.length) + "\r\n");
                out.writeBytes(body);
                write(out, "\r\n");
            }
            write(out, "0\r\n\r\n");
        } else {
            write(out, "Content-Length: " + body.length + "\r\n\r\n");
            out.writeBytes(body);
        }
        return out.toByteArray();
    }

    /** Header values and the target are written as UTF-8, so generated non-ASCII text arrives as such. */
    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(method).append(' ')
                .append(target.length() > 400 ? target.substring(0, 400) + "..." : target);
        headers.forEach(h -> text.append("\n  ").append(h.getKey()).append(": ").append(h.getValue()));
        String shown = new String(body, StandardCharsets.UTF_8);
        text.append(chunked ? "\n  (chunked)" : "").append("\n  body (").append(body.length).append(" bytes): ")
                .append(shown.length() > 300 ? shown.substring(0, 300) + "..." : shown);
        return text.toString().replace("\r", "\\r").replace("\u0000", "\\0");
    }
}
