package io.cerulean.store.rocksdb;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a directory's file system takes writes that bypass the page cache ({@code O_DIRECT}).
 *
 * <p>Flushes and compactions write every byte of a store again and again; through the page cache,
 * each write is first copied into cache pages, and on a virtual machine whose memory the host
 * hands out on first touch that copy costs more than the compaction's own work. Written directly,
 * the table files skip the copy; reads still go through the page cache, which fills as they come.
 *
 * <p>Not every file system takes {@code O_DIRECT} (tmpfs before Linux 6.6, some network and
 * FUSE ones). Asked for direct I/O there, RocksDB refuses to open the store at all, so the
 * directory is asked first, by writing one block the way RocksDB would.
 */
final class DirectWrites {
    private static final Logger log = LoggerFactory.getLogger(DirectWrites.class);

    private DirectWrites() {
    }

    /**
     * Whether a block can be written with {@code O_DIRECT} to a new file in {@code directory},
     * which must exist. The probe file has a name of its own, so that a second process pointed at
     * a store in use touches none of its files, and it is removed.
     */
    static boolean supported(Path directory) {
        Path probe = null;
        try {
            probe = Files.createTempFile(directory, ".direct-io-probe-", "");
            int blockSize = Math.toIntExact(Files.getFileStore(directory).getBlockSize());
            ByteBuffer block = ByteBuffer.allocateDirect(2 * blockSize).alignedSlice(blockSize).limit(blockSize);
            try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)) {
                channel.write(block, 0);
            }
            log.debug("{} takes direct writes: table files bypass the page cache", directory);
            return true;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ArithmeticException e) {
            // IOException (EINVAL) where the file system refuses O_DIRECT, UnsupportedOperationException
            // where the JDK has none for this platform, the others for a block size it cannot align to.
            log.info("Table files in {} are written through the page cache: the file system does not take "
                    + "direct writes ({})", directory, e.toString());
            return false;
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException e) {
                    // A leftover probe file is harmless; RocksDB ignores files it does not know.
                }
            }
        }
    }
}
