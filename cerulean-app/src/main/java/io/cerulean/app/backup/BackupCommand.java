package io.cerulean.app.backup;

import io.cerulean.app.control.ControlAddress;
import io.cerulean.app.control.ControlClient;
import io.cerulean.app.control.ControlMessage;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import io.cerulean.store.rocksdb.StoreOpenException;
import io.cerulean.tools.progress.ByteSize;
import io.cerulean.tools.progress.Progress;
import io.cerulean.tools.progress.ProgressStyle;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cerulean backup DIR}: a backup of a RocksDB data directory into {@code DIR}, taken by the
 * server running on it (through its control socket) without stopping it, or, when none runs,
 * by this command opening the directory itself.
 */
@Command(name = "backup", mixinStandardHelpOptions = true,
        description = {"Back up a RocksDB data directory into DIR, a new or empty directory, while its server runs: "
                + "records and blob files together, as of one moment. The server is reached through "
                + "<data-dir>/control.sock; when no server runs, the directory is backed up directly.",
            "Progress goes to standard error: redrawn on a terminal, a line every few seconds otherwise."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "4:a malformed command line",
            "5:failed midway reading or writing (a full disk, the server stopped); nothing is left in DIR",
            "6:refused, nothing changed: DIR is not empty, no server runs and there is no data directory, the "
                + "directory is in use by a process that does not answer, or the store is not RocksDB"})
public final class BackupCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "Where to write the backup: a new or empty directory.")
    Path directory;

    @Option(names = "--data-dir", defaultValue = "${env:CERULEAN_DATA_DIR:-cerulean-data}",
            description = "The data directory to back up, as serve's (env CERULEAN_DATA_DIR; default ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--store", paramLabel = "rocksdb|memory|cassandra", defaultValue = "${env:CERULEAN_STORE}",
            description = "The server's store, as serve's (env CERULEAN_STORE); only rocksdb has a data directory to back up.")
    String store;

    @Option(names = {"-q", "--quiet"}, description = "No progress; only the outcome, on standard error.")
    boolean quiet;

    @Override
    public Integer call() {
        PrintStream err = System.err;
        String refusal = StoreChoice.refusal(store, "backup");
        if (refusal != null) {
            err.println("cerulean backup: " + refusal);
            return BackupExit.REFUSED;
        }
        Path target = directory.toAbsolutePath().normalize();
        Path data = dataDir.toAbsolutePath().normalize();
        Progress progress = new Progress("backup", "files", err, ProgressStyle.choose(quiet));
        try {
            BackupManifest summary;
            Optional<ControlClient> server = ControlClient.connect(ControlAddress.file(data));
            if (server.isPresent()) {
                try (ControlClient client = server.get()) {
                    ControlMessage last = client.call(ControlMessage.of(ControlMessage.COMMAND, BackupControl.NAME,
                            BackupControl.DIRECTORY, target.toString()), line -> follow(line, progress));
                    if (!last.kind().equals(ControlMessage.DONE)) {
                        progress.finish("");
                        err.println("cerulean backup: " + last.string(ControlMessage.MESSAGE).orElse("failed"));
                        return last.kind().equals(ControlMessage.REFUSED) ? BackupExit.REFUSED : BackupExit.FAILED;
                    }
                    progress.finish(finished(data, target, last.number("files"), last.number("bytes"),
                            last.string("createdAt").orElse("")));
                    return BackupExit.OK;
                } catch (IOException e) {
                    progress.finish("");
                    err.println("cerulean backup: the server on " + data + " stopped answering: " + e.getMessage()
                            + "; nothing is left in " + target);
                    return BackupExit.FAILED;
                }
            }
            if (!Files.isRegularFile(data.resolve("CURRENT"))) {
                err.println("cerulean backup: no server answers on " + ControlAddress.file(data) + " and " + data
                        + " is not a Cerulean data directory");
                return BackupExit.REFUSED;
            }
            if (!quiet) {
                err.println("cerulean backup: no server runs on " + data + "; backing it up directly");
            }
            try (OpenDataDirectory open = OpenDataDirectory.open(data, RocksDbKeyValueStore.MIN_CACHE_BYTES)) {
                summary = Backup.take(open, target, ProgressSink.of(progress));
            } catch (StoreOpenException | StoreFormatException e) {
                err.println("cerulean backup: " + e.getMessage() + " (no server answers on "
                        + ControlAddress.file(data) + ")");
                return BackupExit.REFUSED;
            } catch (StoreUnavailableException e) {
                err.println("cerulean backup: " + e.getMessage());
                return BackupExit.FAILED;
            }
            progress.finish(finished(data, target, summary.files(), summary.bytes(), summary.createdAt().toString()));
            return BackupExit.OK;
        } catch (BackupException e) {
            if (e.reason() == BackupException.Reason.FAILED) {
                progress.finish(""); // how far it got
            }
            err.println("cerulean backup: " + e.getMessage());
            return BackupExit.of(e);
        } finally {
            progress.close();
        }
    }

    private static void follow(ControlMessage line, Progress progress) {
        if (line.kind().equals(ControlMessage.EXPECT)) {
            progress.expect(OptionalLong.of(line.number("items")), OptionalLong.of(line.number("bytes")));
        } else if (line.kind().equals(ControlMessage.ADD)) {
            progress.add(line.number("items"), line.number("bytes"));
        }
    }

    private static String finished(Path data, Path target, long files, long bytes, String createdAt) {
        return "backed up " + data + " as of " + createdAt + " into " + target + ": " + files + " files, "
                + ByteSize.format(bytes);
    }
}
