package io.cerulean.it.analytics;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.ListBlobsOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads Storage Analytics logs as a user does, through the Blob SDK: every line of every blob in
 * {@code $logs} under a service's prefix, split into its ';'-separated fields (quotes removed).
 */
final class AnalyticsLogs {
    /** Positions of the fields of format 1.0 that the tests read. */
    static final int VERSION = 0;
    static final int OPERATION = 2;
    static final int STATUS = 3;
    static final int HTTP_STATUS = 4;
    static final int AUTH = 7;
    static final int REQUESTER = 8;
    static final int OWNER = 9;
    static final int SERVICE = 10;
    static final int URL = 11;
    static final int OBJECT_KEY = 12;
    static final int REQUEST_ID = 13;
    static final int VERSION_HEADER = 16;
    static final int USER_AGENT = 27;
    static final int CLIENT_REQUEST_ID = 29;
    static final int FIELDS = 30;

    /** A log blob, its metadata, and its lines' fields. */
    record LogBlob(String name, java.util.Map<String, String> metadata, List<List<String>> lines) {
    }

    private final BlobContainerClient logs;

    AnalyticsLogs(BlobServiceClient service) {
        this.logs = service.getBlobContainerClient("$logs");
    }

    /** Every log blob under {@code prefix} ({@code blob/}), with its lines; none when {@code $logs} is not there. */
    List<LogBlob> blobs(String prefix) {
        List<LogBlob> blobs = new ArrayList<>();
        if (!logs.exists()) {
            return blobs;
        }
        for (BlobItem item : logs.listBlobs(new ListBlobsOptions().setPrefix(prefix)
                .setDetails(new com.azure.storage.blob.models.BlobListDetails().setRetrieveMetadata(true)), null)) {
            String text = new String(logs.getBlobClient(item.getName()).downloadContent().toBytes(),
                    StandardCharsets.UTF_8);
            List<List<String>> lines = new ArrayList<>();
            for (String line : text.split("\n")) {
                if (!line.isEmpty()) {
                    lines.add(fields(line));
                }
            }
            blobs.add(new LogBlob(item.getName(), item.getMetadata(), lines));
        }
        return blobs;
    }

    List<List<String>> lines(String prefix) {
        List<List<String>> lines = new ArrayList<>();
        for (LogBlob blob : blobs(prefix)) {
            lines.addAll(blob.lines());
        }
        return lines;
    }

    /** The line of the request with this id, waiting up to 30 s for it to be written. */
    List<String> awaitRequest(String prefix, String requestId) {
        return await(prefix, line -> line.get(REQUEST_ID).equals(requestId)).stream()
                .filter(line -> line.get(REQUEST_ID).equals(requestId)).findFirst().orElseThrow();
    }

    /** The lines under {@code prefix} once one of them passes {@code wanted}, waiting up to 30 s. */
    List<List<String>> await(String prefix, Predicate<List<String>> wanted) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<List<String>> lines = lines(prefix);
            if (lines.stream().anyMatch(wanted)) {
                return lines;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no such log line under " + prefix + " in 30 s; lines: " + lines);
            }
            pause();
        }
    }

    static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Fields separated by ';', a quoted field taken whole, {@code &quot;} read as a quote. */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ';' && !quoted) {
                fields.add(field.toString().replace("&quot;", "\""));
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString().replace("&quot;", "\""));
        return fields;
    }
}
