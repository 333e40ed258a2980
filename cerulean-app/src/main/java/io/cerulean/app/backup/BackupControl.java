package io.cerulean.app.backup;

import io.cerulean.app.control.ControlCommand;
import io.cerulean.app.control.ControlMessage;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The control socket's {@code backup} command, run by the server on its own data directory:
 * {@code {"command":"backup","directory":"/absolute/path"}}, answered by progress lines and, last,
 * {@code done} with the manifest's figures, {@code refused} or {@code failed}.
 */
public final class BackupControl implements ControlCommand {
    public static final String NAME = "backup";
    public static final String DIRECTORY = "directory";
    /** Progress lines go out at most this often; a line per file would cost a write per file. */
    private static final long PROGRESS_EVERY_NANOS = 200_000_000L;

    private final OpenDataDirectory source;

    public BackupControl(OpenDataDirectory source) {
        this.source = source;
    }

    @Override
    public void run(ControlMessage request, Replies replies) throws IOException {
        Path target;
        try {
            target = Path.of(request.string(DIRECTORY).orElse(""));
        } catch (InvalidPathException e) {
            target = Path.of("");
        }
        if (!target.isAbsolute()) {
            replies.send(ControlMessage.ending(ControlMessage.FAILED, "the backup needs an absolute "
                    + DIRECTORY + ", not '" + request.string(DIRECTORY).orElse("") + "'"));
            return;
        }
        Batched progress = new Batched(replies);
        BackupManifest manifest;
        try {
            manifest = Backup.take(source, target, progress);
        } catch (BackupException e) {
            if (e.getCause() instanceof ClientGone gone) {
                throw gone.getCause(); // no one to answer
            }
            replies.send(ControlMessage.ending(e.reason() == BackupException.Reason.REFUSED ? ControlMessage.REFUSED
                    : ControlMessage.FAILED, e.getMessage()));
            return;
        }
        progress.flush();
        replies.send(done(manifest));
    }

    /** The last line of a backup that finished: its manifest's figures. */
    static ControlMessage done(BackupManifest manifest) {
        return ControlMessage.of(ControlMessage.EVENT, ControlMessage.DONE, "createdAt", manifest.createdAt().toString(),
                "files", manifest.files(), "bytes", manifest.bytes(), "recordFiles", manifest.recordFiles(),
                "recordBytes", manifest.recordBytes(), "blobFiles", manifest.blobFiles(),
                "blobBytes", manifest.blobBytes());
    }

    /** Progress as lines on the socket, added up between lines. */
    private static final class Batched implements ProgressSink {
        private final Replies replies;
        private long items;
        private long bytes;
        private long sentAt = System.nanoTime();

        Batched(Replies replies) {
            this.replies = replies;
        }

        @Override
        public void expect(long items, long bytes) {
            send(ControlMessage.of(ControlMessage.EVENT, ControlMessage.EXPECT, "items", items, "bytes", bytes));
        }

        @Override
        public void add(long items, long bytes) {
            this.items += items;
            this.bytes += bytes;
            if (System.nanoTime() - sentAt >= PROGRESS_EVERY_NANOS) {
                flush();
            }
        }

        void flush() {
            if (items > 0 || bytes > 0) {
                send(ControlMessage.of(ControlMessage.EVENT, ControlMessage.ADD, "items", items, "bytes", bytes));
                items = 0;
                bytes = 0;
            }
            sentAt = System.nanoTime();
        }

        private void send(ControlMessage line) {
            try {
                replies.send(line);
            } catch (IOException e) {
                throw new ClientGone(e); // the backup stops and is removed
            }
        }
    }

    /** The client closed the connection (gave up, or was stopped): the backup is cancelled. */
    private static final class ClientGone extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ClientGone(IOException cause) {
            super("the client went away", cause);
        }

        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }
}
