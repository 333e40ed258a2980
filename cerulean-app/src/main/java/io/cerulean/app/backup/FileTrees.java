package io.cerulean.app.backup;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The file work of backups and restores: measuring, copying, linking, syncing and clearing trees. */
final class FileTrees {
    private FileTrees() {
    }

    /** A count of files and their bytes. */
    record Totals(long files, long bytes) {
        static final Totals NONE = new Totals(0, 0);

        Totals plus(long files, long bytes) {
            return new Totals(this.files + files, this.bytes + bytes);
        }
    }

    /** The regular files under {@code dir} (none when it does not exist), by path relative to it, sorted. */
    static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
        }
    }

    /** How many regular files are under {@code dir}, and their bytes. */
    static Totals measure(Path dir) throws IOException {
        Totals totals = Totals.NONE;
        for (Path file : files(dir)) {
            totals = totals.plus(1, Files.size(dir.resolve(file)));
        }
        return totals;
    }

    /** Whether {@code dir} does not exist, or is a directory with nothing in it. */
    static boolean absentOrEmpty(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return true;
        }
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    /**
     * Makes {@code to} the same file as {@code from}: a hard link where both are on one file system
     * (content files are never rewritten, only deleted, so a link is as good as a copy and takes no
     * room), a synced copy where not. Returns its size.
     */
    static long linkOrCopy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try {
            Files.createLink(to, from);
        } catch (FileSystemException | UnsupportedOperationException e) {
            Files.copy(from, to);
            sync(to);
        }
        return Files.size(to);
    }

    /** Copies {@code from} to {@code to} (which must not exist) and syncs it; returns its size. */
    static long copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
        sync(to);
        return Files.size(to);
    }

    /** Syncs a file, or a directory's entries, to the disk. */
    static void sync(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            if (!Files.isDirectory(path)) {
                throw e; // some systems cannot open a directory to sync it: its entries are then the system's to keep
            }
        }
    }

    /** Syncs every directory under {@code dir}, {@code dir} included: the names of what was copied into them. */
    static void syncDirectories(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> directories = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(Files::isDirectory).forEach(directories::add);
        }
        for (Path directory : directories) {
            sync(directory);
        }
    }

    /** Deletes what is in {@code dir}, except the entries named {@code keep}; {@code dir} stays. */
    static void deleteContents(Path dir, String... keep) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> entries;
        try (Stream<Path> list = Files.list(dir)) {
            entries = list.toList();
        }
        for (Path entry : entries) {
            if (!List.of(keep).contains(entry.getFileName().toString())) {
                deleteTree(entry);
            }
        }
    }

    /** Deletes {@code path} and, for a directory, everything in it. */
    static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
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
    }
}
