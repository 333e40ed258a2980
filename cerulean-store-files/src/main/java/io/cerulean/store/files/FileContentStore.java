package io.cerulean.store.files;

import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Content as files:
 *
 * <pre>
 * {directory}/{first two hex digits of the id}/{id}   finished content, immutable
 * {directory}/incoming/{id}                          content being written; removed at open
 * </pre>
 * A writer streams into {@code incoming}, and {@link ContentWriter#finish} syncs the file, renames
 * it into place and syncs the directory it moved to: the content is durable, whole, under its name.
 * Fanning out by the id's first byte keeps directories small.
 *
 * <p>Deletions can be held ({@link #holdDeletions}): while a backup copies the files that a
 * checkpoint of the records may name, a file let go of meanwhile stays, and goes when the last hold
 * is released.
 */
public final class FileContentStore implements ContentStore {
    private final Path directory;
    private final Path incoming;
    private volatile boolean closed;
    /** Deletions take the read side; a hold's start and end the write side, so none is half way across either. */
    private final ReentrantReadWriteLock holding = new ReentrantReadWriteLock();
    /** Guarded by {@link #holding}: holds open, and what was deleted while they were. */
    private int holds;
    private final List<ContentId> heldDeletions = new ArrayList<>();

    private FileContentStore(Path directory) {
        this.directory = directory;
        this.incoming = directory.resolve("incoming");
    }

    /** Opens (creating if needed) the content under {@code directory}, discarding what was never finished. */
    public static FileContentStore open(Path directory) {
        FileContentStore store = new FileContentStore(directory);
        try {
            Files.createDirectories(store.incoming);
            try (Stream<Path> unfinished = Files.list(store.incoming)) {
                for (Path file : (Iterable<Path>) unfinished::iterator) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open the content directory " + directory + ": " + e.getMessage(), e);
        }
        return store;
    }

    private Path path(ContentId id) {
        return directory.resolve(id.hex().substring(0, 2)).resolve(id.hex());
    }

    @Override
    public ContentWriter create() {
        checkOpen();
        ContentId id = ContentId.random();
        Path part = incoming.resolve(id.hex());
        try {
            return new FileWriter(id, part, FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw unavailable("creating content", e);
        }
    }

    @Override
    public Optional<ContentReader> open(ContentId id) {
        checkOpen();
        try {
            FileChannel channel = FileChannel.open(path(id), StandardOpenOption.READ);
            return Optional.of(new FileReader(channel));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw unavailable("opening content " + id, e);
        }
    }

    /** The file of {@code id}'s content, whether or not it exists: for a backup to copy. */
    public Path file(ContentId id) {
        return path(id);
    }

    /** While deletions are held ({@link #holdDeletions}), the file stays until the last hold is released. */
    @Override
    public boolean delete(ContentId id) {
        checkOpen();
        holding.readLock().lock();
        try {
            if (holds > 0) {
                synchronized (heldDeletions) {
                    heldDeletions.add(id);
                }
                return Files.exists(path(id));
            }
            return Files.deleteIfExists(path(id));
        } catch (IOException e) {
            throw unavailable("deleting content " + id, e);
        } finally {
            holding.readLock().unlock();
        }
    }

    /**
     * Holds every deletion from now until the hold is released: no content file that exists now
     * disappears meanwhile, so what a checkpoint of the records taken after this names can be copied
     * after it. Deletions asked for meanwhile happen when the last hold is released. Holds are this
     * process's own and end with it: a deletion held when the process stops is not made, and its
     * file is left for the sweep of content no record names.
     */
    public DeletionHold holdDeletions() {
        checkOpen();
        holding.writeLock().lock();
        try {
            holds++;
        } finally {
            holding.writeLock().unlock();
        }
        return new DeletionHold();
    }

    /** A hold on deletions ({@link #holdDeletions}); closing it more than once releases it once. */
    public final class DeletionHold implements AutoCloseable {
        private boolean released;

        private DeletionHold() {
        }

        @Override
        public void close() {
            List<ContentId> due;
            holding.writeLock().lock();
            try {
                if (released) {
                    return;
                }
                released = true;
                if (--holds > 0) {
                    return;
                }
                synchronized (heldDeletions) {
                    due = List.copyOf(heldDeletions);
                    heldDeletions.clear();
                }
            } finally {
                holding.writeLock().unlock();
            }
            for (ContentId id : due) {
                try {
                    delete(id); // held again if a new hold began meanwhile
                } catch (RuntimeException e) {
                    // Left behind: bytes no record names, for the sweep of unnamed content.
                }
            }
        }
    }

    /** The files under the two-digit directories; {@code incoming} holds writes not finished, never seen. */
    @Override
    public void forEachContent(Consumer<ContentId> action) {
        checkOpen();
        try (Stream<Path> prefixes = Files.list(directory)) {
            for (Path prefix : (Iterable<Path>) prefixes::iterator) {
                String name = prefix.getFileName().toString();
                if (name.length() != 2 || !Files.isDirectory(prefix)) {
                    continue;
                }
                try (Stream<Path> files = Files.list(prefix)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        String hex = file.getFileName().toString();
                        if (hex.length() == 32 && hex.startsWith(name)) {
                            action.accept(new ContentId(hex));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw unavailable("listing the blob files", e);
        }
    }

    @Override
    public void close() {
        closed = true;
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreUnavailableException("the content store is closed");
        }
    }

    private static StoreUnavailableException unavailable(String what, IOException e) {
        return new StoreUnavailableException(what + " failed: " + e.getMessage(), e);
    }

    /** Syncs a directory, so that a file created or renamed in it is there after a crash. */
    private static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    private final class FileWriter implements ContentWriter {
        private final ContentId id;
        private final Path part;
        private final FileChannel channel;
        private long size;
        private boolean finished;

        FileWriter(ContentId id, Path part, FileChannel channel) {
            this.id = id;
            this.part = part;
            this.channel = channel;
        }

        @Override
        public void write(ByteBuffer bytes) {
            try {
                while (bytes.hasRemaining()) {
                    size += channel.write(bytes);
                }
            } catch (IOException e) {
                throw unavailable("writing content", e);
            }
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public ContentId finish() {
            checkOpen();
            Path target = path(id);
            try {
                channel.force(true);
                channel.close();
                Files.createDirectories(target.getParent());
                try {
                    Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(part, target);
                }
                syncDirectory(target.getParent());
                finished = true;
                return id;
            } catch (IOException e) {
                throw unavailable("finishing content", e);
            }
        }

        @Override
        public void close() {
            if (finished) {
                return;
            }
            try {
                channel.close();
                Files.deleteIfExists(part);
            } catch (IOException e) {
                throw new UncheckedIOException("discarding unfinished content " + part, e);
            }
        }
    }

    private static final class FileReader implements ContentReader {
        private final FileChannel channel;

        FileReader(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public long size() {
            try {
                return channel.size();
            } catch (IOException e) {
                throw unavailable("reading content", e);
            }
        }

        @Override
        public int read(long position, ByteBuffer target) {
            try {
                return channel.read(target, position);
            } catch (IOException e) {
                throw unavailable("reading content", e);
            }
        }

        @Override
        public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
