package io.cerulean.app.control;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server's control socket ({@code <data-dir>/control.sock}): one admin thread accepts one
 * connection at a time, reads its request line and runs the command it names. Started after the
 * store is open, whose directory lock keeps every other server out: a socket file found at start
 * is a killed server's and is replaced. Closing stops accepting, cancels the command under way by
 * closing its connection, waits for it, and removes the file.
 */
public final class ControlSocket implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ControlSocket.class);
    private static final long CLOSE_WAIT_MS = 30_000;

    private final Path file;
    private final ServerSocketChannel channel;
    private final Map<String, ControlCommand> commands;
    private final Thread thread;
    private volatile SocketChannel current;
    private volatile boolean closed;

    private ControlSocket(Path file, ServerSocketChannel channel, Map<String, ControlCommand> commands) {
        this.file = file;
        this.channel = channel;
        this.commands = Map.copyOf(commands);
        this.thread = new Thread(this::acceptLoop, "cerulean-control");
        this.thread.setDaemon(true);
    }

    /**
     * Listens on {@code file} for {@code commands}, by name.
     *
     * @throws IOException when the socket cannot be made there (a file system without Unix sockets,
     *                     a path too long for one)
     */
    public static ControlSocket start(Path file, Map<String, ControlCommand> commands) throws IOException {
        Files.deleteIfExists(file); // a killed server's: the store's lock keeps any live one out
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.bind(ControlAddress.of(file));
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // No POSIX permissions here: the data directory's own access guards the socket.
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(file);
            throw e;
        }
        ControlSocket socket = new ControlSocket(file, channel, commands);
        socket.thread.start();
        return socket;
    }

    private void acceptLoop() {
        while (!closed) {
            try (SocketChannel client = channel.accept()) {
                current = client;
                serve(client);
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException | RuntimeException e) {
                if (!closed) {
                    log.warn("a control connection ended in error: {}", e.toString());
                }
            } finally {
                current = null;
            }
        }
    }

    private void serve(SocketChannel client) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(client),
                StandardCharsets.UTF_8));
        OutputStream out = Channels.newOutputStream(client);
        ControlCommand.Replies replies = line -> {
            out.write((line.encode() + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        };
        String line = readLine(in);
        if (line == null) {
            return; // a probe: whether a server answers here
        }
        ControlMessage request;
        try {
            request = ControlMessage.parse(line);
        } catch (IllegalArgumentException e) {
            replies.send(ControlMessage.ending(ControlMessage.FAILED, "a malformed request: " + e.getMessage()));
            return;
        }
        ControlCommand command = commands.get(request.string(ControlMessage.COMMAND).orElse(""));
        if (command == null) {
            replies.send(ControlMessage.ending(ControlMessage.FAILED, "no such command: "
                    + request.string(ControlMessage.COMMAND).orElse("(none)") + "; this server knows "
                    + String.join(", ", commands.keySet())));
            return;
        }
        try {
            command.run(request, replies);
        } catch (RuntimeException e) {
            log.warn("control command {} failed", request.kind(), e);
            replies.send(ControlMessage.ending(ControlMessage.FAILED, String.valueOf(e.getMessage())));
        }
    }

    /** One line of at most {@link ControlMessage#MAX_LINE} characters; null at the end of the stream. */
    private static String readLine(BufferedReader in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                return line.length() == 0 ? null : line.toString();
            }
            if (line.length() >= ControlMessage.MAX_LINE) {
                throw new IOException("a request line over " + ControlMessage.MAX_LINE + " characters");
            }
            line.append((char) c);
        }
        return line.toString();
    }

    /** The socket's file. */
    public Path file() {
        return file;
    }

    @Override
    public void close() {
        closed = true;
        try {
            channel.close();
            SocketChannel client = current;
            if (client != null) {
                client.close(); // the command's next line fails, which cancels it
            }
            thread.join(CLOSE_WAIT_MS);
        } catch (IOException e) {
            log.warn("closing the control socket: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                log.warn("cannot remove the control socket {}: {}", file, e.toString());
            }
        }
    }
}
