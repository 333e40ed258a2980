package io.cerulean.it.support;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reads HTTP/1.1 answers off a raw connection, one at a time, for tests that write requests as bytes. */
public final class WireResponses {
    private WireResponses() {
    }

    /** The status line, headers and body of the next response, as text (lines ending in '\n'). */
    public static String read(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int length = 0;
        for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
            head.append(line).append('\n');
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    /** The status code of a response {@link #read} returned, e.g. "202". */
    public static String status(String response) {
        return response.substring(0, response.indexOf('\n')).split(" ")[1];
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new EOFException("the server closed the connection");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }
}
