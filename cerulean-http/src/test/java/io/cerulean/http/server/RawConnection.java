package io.cerulean.http.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A client on a plain socket: sends exactly the bytes given, reads answers one by one. */
final class RawConnection implements AutoCloseable {
    /** One answer as read off the wire; header names in lower case. */
    record Answer(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawConnection(int port) throws IOException {
        this(new Socket("127.0.0.1", port));
    }

    /** Over a socket already connected (TLS, or one with buffers of a chosen size). */
    RawConnection(Socket socket) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(10_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    RawConnection send(String ascii) throws IOException {
        return send(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    RawConnection send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** The next answer, or null if the connection closed first. */
    Answer read() throws IOException {
        Answer head = readHead();
        if (head == null) {
            return null;
        }
        int length = Integer.parseInt(head.headers().getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Answer(head.status(), head.headers(), new String(body, StandardCharsets.UTF_8));
    }

    /**
     * The next answer's status and headers alone, its body left unread (to read as a stream, or none
     * at all for a HEAD's answer); null if the connection closed first.
     */
    Answer readHead() throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            return null;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(); line != null && !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        return new Answer(Integer.parseInt(statusLine.split(" ")[1]), headers, "");
    }

    /** The socket's input, where a body left unread by {@link #readHead()} starts. */
    InputStream in() {
        return in;
    }

    /** Whether the server closed the connection (reading gives end of stream, or a reset) within the timeout. */
    boolean closedWithin(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                String s = line.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
