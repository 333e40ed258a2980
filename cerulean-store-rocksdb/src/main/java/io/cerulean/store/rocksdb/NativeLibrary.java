package io.cerulean.store.rocksdb;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads RocksDB's native library from a per-user cache. {@code RocksDB.loadLibrary()} unpacks the
 * 15 MB library into a fresh temporary file on every start, which costs about 200 ms of a start-up
 * that should take well under a second; unpacking it once into
 * {@code $XDG_CACHE_HOME/cerulean/rocksdbjni-<version>} (default {@code ~/.cache}) and loading it
 * from there removes that. Any trouble with the cache falls back to RocksDB's own loader.
 */
final class NativeLibrary {
    private static final Logger log = LoggerFactory.getLogger(NativeLibrary.class);

    private NativeLibrary() {
    }

    static void load() {
        try {
            Path directory = cacheDirectory();
            if (directory != null && ensureUnpacked(directory)) {
                RocksDB.loadLibrary(List.of(directory.toString()));
                return;
            }
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            log.debug("cannot use the cached RocksDB library; unpacking it afresh", e);
        }
        RocksDB.loadLibrary();
    }

    private static Path cacheDirectory() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : System.getProperty("user.home") == null ? null : Path.of(System.getProperty("user.home"), ".cache");
        String version = RocksDB.class.getPackage().getImplementationVersion();
        return base == null ? null : base.resolve("cerulean").resolve("rocksdbjni-" + (version == null ? "dev" : version));
    }

    /**
     * Makes sure the cache holds a complete copy of the library under the name RocksDB's loader
     * looks for. Copies land under a temporary name and are renamed, so that concurrent starts
     * never see half a file.
     */
    private static boolean ensureUnpacked(Path directory) throws IOException {
        URL resource = RocksDB.class.getClassLoader().getResource(Environment.getJniLibraryFileName("rocksdb"));
        if (resource == null) {
            return false;
        }
        URLConnection connection = resource.openConnection();
        long size = connection.getContentLengthLong();
        Path target = directory.resolve(Environment.getJniLibraryFileName("rocksdbjni"));
        if (size > 0 && Files.isRegularFile(target) && Files.size(target) == size) {
            return true;
        }
        Files.createDirectories(directory);
        Path partial = Files.createTempFile(directory, "unpacking-", ".tmp");
        try (InputStream in = connection.getInputStream()) {
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
        return true;
    }
}
