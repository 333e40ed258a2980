package io.cerulean.store.rocksdb;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Whether a directory's file system takes writes that bypass the page cache ({@code O_DIRECT}).
 *
 * <p>Flushes and compactions write every byte of a store again and again; through the page cache,
 * each write is first copied into cache pages, and on a virtual machine whose memory the host
 * hands out on first touch that copy costs more than the compaction's own work. Written directly,
 * the table files skip the copy; reads still go through the page cache, which fills as they come.
 *
 * <p>Not every file system takes {@code O_DIRECT} (tmpfs before Linux 6.6, some network and
 * FUSE ones), and RocksDB only finds out at its first flush, which would then fail and stop all
 * writes. So the directory is asked first, by writing one block the way RocksDB would.
 */
final class DirectWrites {
    private static final String PROBE = "direct-io-probe";

    private DirectWrites() {
    }

    /** Whether a block can be written to a new file in {@code directory} with {@code O_DIRECT}. */
    static boolean supported(Path directory) {
        Path probe = directory.resolve(PROBE);
        try {
            Files.createDirectories(directory);
            int blockSize = Math.toIntExact(Files.getFileStore(directory).getBlockSize());
            ByteBuffer block = ByteBuffer.allocateDirect(2 * blockSize).alignedSlice(blockSize).limit(blockSize);
            try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING, ExtendedOpenOption.DIRECT)) {
                channel.write(block, 0);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            // UnsupportedOperationException where the JDK has no O_DIRECT for this platform, and
            // IOException (EINVAL) where the file system refuses it.
            return false;
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException e) {
                // A leftover probe file is harmless; RocksDB ignores files it does not know.
            }
        }
    }
}
