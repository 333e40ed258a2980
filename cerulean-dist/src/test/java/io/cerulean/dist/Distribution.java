package io.cerulean.dist;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** What the build made in this module's target directory. */
final class Distribution {
    static final String VERSION = System.getProperty("cerulean.version", "0.1.0");
    private static final Path TARGET = Path.of(System.getProperty("cerulean.dist.target", "target")).toAbsolutePath();

    private Distribution() {
    }

    /** The build names its files by the machine it ran on, as the runtime inside is that machine's. */
    private static final boolean ARM = System.getProperty("os.arch").equals("aarch64");

    static Path tarball() {
        return built("cerulean-" + VERSION + "-linux-" + (ARM ? "aarch64" : "x64") + ".tar.gz");
    }

    static Path debianPackage() {
        return built("cerulean_" + VERSION + "_" + (ARM ? "arm64" : "amd64") + ".deb");
    }

    /** The directory the tarball unpacks to, and the package installs as /opt/cerulean. */
    static String directoryName() {
        return "cerulean-" + VERSION;
    }

    private static Path built(String name) {
        Path path = TARGET.resolve(name);
        // The build cuts no runtime from a JDK without jmods, and says so; nothing to test then.
        Assumptions.assumeTrue(Files.isDirectory(Path.of(System.getProperty("java.home"), "jmods")),
                "this JDK has no jmods: no distribution was built");
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(path + " is not built (mvn -pl cerulean-dist package)");
        }
        return path;
    }
}
