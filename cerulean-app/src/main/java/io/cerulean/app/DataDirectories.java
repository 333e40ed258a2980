package io.cerulean.app;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Removing a data directory that a failed start created: it holds nothing anyone wrote. */
final class DataDirectories {
    private DataDirectories() {
    }

    /**
     * Deletes {@code dir} and what is in it; a failure to do so is added to {@code startFailure}
     * rather than hiding it.
     */
    static void deleteQuietly(Path dir, RuntimeException startFailure) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path directory, IOException e) throws IOException {
                    if (e != null) {
                        throw e;
                    }
                    Files.delete(directory);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            startFailure.addSuppressed(e);
        }
    }
}
