package io.cerulean.dist;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A program run to its end, with its standard output and error together. */
record Command(int exit, String output) {
    static final Duration TIMEOUT = Duration.ofMinutes(2);

    /** {@code command} in the caller's environment. */
    static Command run(String... command) {
        return run(null, command);
    }

    /** {@code command} with exactly {@code env} as its environment, or the caller's when {@code env} is null. */
    static Command run(Map<String, String> env, String... command) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (env != null) {
            builder.environment().clear();
            builder.environment().putAll(env);
        }
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            byte[] output;
            try (InputStream in = process.getInputStream()) {
                output = in.readAllBytes();
            }
            if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not end");
            }
            return new Command(process.exitValue(), new String(output, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code name} is a program on this machine's PATH. */
    static boolean onPath(String name) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        return false;
    }

    /**
     * An environment without a Java: no JAVA_HOME, and a PATH of one directory holding only the
     * {@code readlink} the launcher needs to follow its links.
     */
    static Map<String, String> withoutJava(Path scratch) {
        try {
            Path bin = Files.createDirectories(scratch.resolve("path"));
            Path readlink = bin.resolve("readlink");
            if (!Files.exists(readlink, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(readlink, List.of(Path.of("/usr/bin/readlink"), Path.of("/bin/readlink"))
                        .stream().filter(Files::isExecutable).findFirst().orElseThrow());
            }
            return Map.of("PATH", bin.toString(), "LANG", "C.UTF-8");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
