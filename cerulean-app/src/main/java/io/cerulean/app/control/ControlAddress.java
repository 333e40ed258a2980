package io.cerulean.app.control;

import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Where a data directory's control socket is, and its address as the system can take it. */
public final class ControlAddress {
    /** The socket's name in the data directory. */
    public static final String FILE_NAME = "control.sock";
    /** Linux takes 107 bytes for a socket's path; macOS 103. */
    private static final int MAX_PATH_BYTES = 103;

    private ControlAddress() {
    }

    /** The control socket of {@code dataDir}. */
    public static Path file(Path dataDir) {
        return dataDir.resolve(FILE_NAME);
    }

    /**
     * The address of {@code socketFile}: its absolute path, or, when that is longer than the system
     * takes, its path relative to this process's working directory if that one is short enough
     * (server and client each reach the same file by a path of their own).
     */
    static UnixDomainSocketAddress of(Path socketFile) {
        Path absolute = socketFile.toAbsolutePath().normalize();
        if (length(absolute) > MAX_PATH_BYTES) {
            Path relative = Path.of("").toAbsolutePath().relativize(absolute);
            if (length(relative) < length(absolute)) {
                return UnixDomainSocketAddress.of(relative);
            }
        }
        return UnixDomainSocketAddress.of(absolute);
    }

    private static int length(Path path) {
        return path.toString().getBytes(StandardCharsets.UTF_8).length;
    }
}
