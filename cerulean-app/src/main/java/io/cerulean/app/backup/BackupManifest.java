package io.cerulean.app.backup;

import io.cerulean.app.control.FlatJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a backup holds, written last into it, so that a backup without one is known to be
 * incomplete. A backup directory:
 *
 * <pre>
 * records/               a RocksDB checkpoint: every record, as of one moment
 * blobs/{xx}/{id}        blob content files, at least every one those records name
 * tls/                   the kept self-signed certificate, when there was one
 * cerulean-backup.json   this manifest: a flat JSON object, written last
 * </pre>
 *
 * @param format        {@link #FORMAT}; a restore refuses a newer one
 * @param version       the Cerulean release that took it
 * @param createdAt     when the records' checkpoint was taken
 * @param source        the data directory it was taken from
 * @param recordFiles   files under {@code records}, and their bytes
 * @param blobFiles     files under {@code blobs}, and their bytes
 * @param otherFiles    files under {@code tls}, and their bytes
 */
record BackupManifest(long format, String version, Instant createdAt, String source, long recordFiles,
                      long recordBytes, long blobFiles, long blobBytes, long otherFiles, long otherBytes) {
    /** The layout above. */
    static final long FORMAT = 1;
    static final String FILE_NAME = "cerulean-backup.json";
    static final String RECORDS = "records";
    static final String BLOBS = "blobs";
    static final String TLS = "tls";

    long files() {
        return recordFiles + blobFiles + otherFiles;
    }

    long bytes() {
        return recordBytes + blobBytes + otherBytes;
    }

    /** Writes the manifest into {@code backup} whole or not at all, durably. */
    void writeTo(Path backup) throws IOException {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("format", format);
        fields.put("cerulean", version);
        fields.put("createdAt", createdAt.toString());
        fields.put("source", source);
        fields.put("recordFiles", recordFiles);
        fields.put("recordBytes", recordBytes);
        fields.put("blobFiles", blobFiles);
        fields.put("blobBytes", blobBytes);
        fields.put("otherFiles", otherFiles);
        fields.put("otherBytes", otherBytes);
        Path part = backup.resolve(FILE_NAME + ".part");
        Files.writeString(part, FlatJson.write(fields, true) + "\n", StandardCharsets.UTF_8);
        FileTrees.sync(part);
        Files.move(part, backup.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE);
        FileTrees.sync(backup);
    }

    /**
     * The manifest of {@code backup}.
     *
     * @throws BackupException BAD_BACKUP when there is none (an interrupted backup, or not a backup
     *                         at all), or it cannot be read, or it is of a newer format
     */
    static BackupManifest readFrom(Path backup) {
        String text;
        try {
            text = Files.readString(backup.resolve(FILE_NAME), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BackupException(BackupException.Reason.BAD_BACKUP, backup + " has no " + FILE_NAME
                    + ": it is not a backup, or one that did not finish");
        } catch (IOException e) {
            throw new BackupException(BackupException.Reason.BAD_BACKUP, "cannot read " + backup.resolve(FILE_NAME)
                    + ": " + e.getMessage(), e);
        }
        try {
            Map<String, Object> fields = FlatJson.read(text);
            long format = number(fields, "format");
            if (format != FORMAT) {
                throw new BackupException(BackupException.Reason.BAD_BACKUP, backup + " is a backup of format "
                        + format + ", which this release (format " + FORMAT + ") does not read");
            }
            return new BackupManifest(format, string(fields, "cerulean"), Instant.parse(string(fields, "createdAt")),
                    string(fields, "source"), number(fields, "recordFiles"), number(fields, "recordBytes"),
                    number(fields, "blobFiles"), number(fields, "blobBytes"), number(fields, "otherFiles"),
                    number(fields, "otherBytes"));
        } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
            throw new BackupException(BackupException.Reason.BAD_BACKUP, backup.resolve(FILE_NAME)
                    + " is malformed: " + e.getMessage(), e);
        }
    }

    private static long number(Map<String, Object> fields, String name) {
        if (fields.get(name) instanceof Long n && n >= 0) {
            return n;
        }
        throw new IllegalArgumentException("no " + name);
    }

    private static String string(Map<String, Object> fields, String name) {
        if (fields.get(name) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("no " + name);
    }
}
