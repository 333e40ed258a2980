package io.cerulean.app.backup;

import io.cerulean.tools.progress.ByteSize;
import io.cerulean.tools.progress.Progress;
import io.cerulean.tools.progress.ProgressStyle;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cerulean restore DIR --data-dir D}: lays a backup down into a data directory a server then starts on. */
@Command(name = "restore", mixinStandardHelpOptions = true,
        description = {"Restore the backup in DIR (taken by cerulean backup) into a data directory, which must not be "
                + "in use and must be new or empty (or, with --force, is replaced). A server started on it then "
                + "serves exactly what the backup holds.",
            "Progress goes to standard error: redrawn on a terminal, a line every few seconds otherwise."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done",
            "3:DIR is not a whole backup: no manifest (an interrupted backup), files missing, or a newer format",
            "4:a malformed command line",
            "5:failed midway reading or writing; a server refuses the data directory until a restore into it finishes",
            "6:refused, nothing changed: the data directory is in use or not empty (without --force), or the store "
                + "is not RocksDB"})
public final class RestoreCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "The backup to restore.")
    Path directory;

    @Option(names = "--data-dir", required = true, description = "The data directory to restore into.")
    Path dataDir;

    @Option(names = "--force", description = "Replace what the data directory holds (never while a server runs on it).")
    boolean force;

    @Option(names = "--store", paramLabel = "rocksdb|memory|cassandra", defaultValue = "${env:CERULEAN_STORE}",
            description = "The store the server will run on, as serve's (env CERULEAN_STORE); only rocksdb has a data "
                    + "directory to restore into.")
    String store;

    @Option(names = {"-q", "--quiet"}, description = "No progress; only the outcome, on standard error.")
    boolean quiet;

    @Override
    public Integer call() {
        PrintStream err = System.err;
        String refusal = StoreChoice.refusal(store, "restore");
        if (refusal != null) {
            err.println("cerulean restore: " + refusal);
            return BackupExit.REFUSED;
        }
        Path from = directory.toAbsolutePath().normalize();
        Path to = dataDir.toAbsolutePath().normalize();
        Progress progress = new Progress("restore", "files", err, ProgressStyle.choose(quiet));
        try {
            BackupManifest manifest = Restore.run(from, to, force, ProgressSink.of(progress));
            progress.finish("restored the backup of " + manifest.source() + " as of " + manifest.createdAt()
                    + " into " + to + ": " + manifest.files() + " files, " + ByteSize.format(manifest.bytes()));
            return BackupExit.OK;
        } catch (BackupException e) {
            if (e.reason() == BackupException.Reason.FAILED) {
                progress.finish(""); // how far it got
            }
            err.println("cerulean restore: " + e.getMessage());
            return BackupExit.of(e);
        } finally {
            progress.close();
        }
    }
}
