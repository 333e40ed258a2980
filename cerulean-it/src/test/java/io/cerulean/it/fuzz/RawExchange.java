package io.cerulean.it.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * One request on a fresh connection, written as raw bytes (so it may be anything), and the status
 * line of whatever comes back. Fails with a clear message when nothing comes back in time.
 */
final class RawExchange {
    /** What the server answered: its status, or -1 if it closed the connection without a status line. */
    record Answer(int status, String statusLine, String head) {
    }

    private RawExchange() {
    }

    static Answer send(int port, byte[] request, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            try {
                socket.getOutputStream().write(request);
                socket.getOutputStream().flush();
            } catch (IOException e) {
                // The server may answer and close before it has read all of a request it refused.
            }
            return readHead(socket.getInputStream());
        }
    }

    /** Reads up to the end of the first response's headers (or the connection's end). */
    private static Answer readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        try {
            for (int b = in.read(); b >= 0; b = in.read()) {
                head.write(b);
                matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
                if (matched == 4) {
                    break;
                }
            }
        } catch (SocketTimeoutException e) {
            throw new SocketTimeoutException("no complete answer in time; got: " + head.toString(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            if (head.size() == 0) {
                return new Answer(-1, "(connection reset: " + e.getMessage() + ")", "");
            }
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        if (text.isEmpty()) {
            return new Answer(-1, "(the connection closed without an answer)", "");
        }
        int lineEnd = text.indexOf("\r\n");
        String statusLine = lineEnd < 0 ? text : text.substring(0, lineEnd);
        String[] parts = statusLine.split(" ");
        int status = parts.length > 1 && parts[0].startsWith("HTTP/") ? parseStatus(parts[1]) : -1;
        return new Answer(status, statusLine, text);
    }

    private static int parseStatus(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
