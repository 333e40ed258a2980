package io.cerulean.app.control;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/** The command's side of the control socket: one request, its lines, its last line. */
public final class ControlClient implements AutoCloseable {
    private final SocketChannel channel;

    private ControlClient(SocketChannel channel) {
        this.channel = channel;
    }

    /**
     * A connection to the server listening on {@code socketFile}; empty when none does (no such
     * file, or a killed server's file no one listens on).
     */
    public static Optional<ControlClient> connect(Path socketFile) {
        if (!Files.exists(socketFile)) {
            return Optional.empty();
        }
        UnixDomainSocketAddress address;
        try {
            address = ControlAddress.of(socketFile);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(address);
            return Optional.of(new ControlClient(channel));
        } catch (IOException e) {
            try {
                if (channel != null) {
                    channel.close();
                }
            } catch (IOException ignored) {
                // Nothing was sent.
            }
            return Optional.empty();
        }
    }

    /**
     * Sends {@code request}, hands every line before the last to {@code lines}, and returns the last.
     *
     * @throws IOException when the connection fails or the server stops before its last line
     */
    public ControlMessage call(ControlMessage request, Consumer<ControlMessage> lines) throws IOException {
        OutputStream out = Channels.newOutputStream(channel);
        out.write((request.encode() + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            ControlMessage message;
            try {
                message = ControlMessage.parse(line);
            } catch (IllegalArgumentException e) {
                throw new IOException("the server sent a malformed line: " + e.getMessage(), e);
            }
            if (message.isLast()) {
                return message;
            }
            lines.accept(message);
        }
        throw new IOException("the server closed the control connection before it finished (did it stop?)");
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
