package io.cerulean.app.analytics;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.NewBlob;
import io.cerulean.common.error.ServiceException;
import io.cerulean.rest.analytics.AnalyticsNames;
import io.cerulean.rest.analytics.AnalyticsService;
import io.cerulean.rest.analytics.LogLine;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes log blobs through the Blob service: the account's {@code $logs} container, created the
 * first time, and one block blob per batch of lines, named with the next sequence number of its
 * hour ({@link AnalyticsNames#logBlob}), never over another: a name a restart or another server
 * took already is skipped ({@code If-None-Match: *}). Its metadata is what the service sets:
 * {@code LogType}, {@code StartTime}, {@code EndTime} and {@code LogVersion}. Used by the analytics
 * thread alone.
 */
final class LogBlobWriter {
    private static final List<String> ANY = List.of("*");
    /** Names tried past a taken one before the batch is given up (and logged). */
    private static final int MAX_ATTEMPTS = 1000;

    private final BlobService blobs;
    /** Where a service's next log blob of an account goes: its hour and the sequence number to try first. */
    private record Next(Instant hour, int sequence) {
    }

    /**
     * By account and service, the hour written last: one entry each, however long the server runs. A
     * late batch of an earlier hour starts again from 0 and skips the names taken.
     */
    private final Map<String, Next> next = new HashMap<>();

    LogBlobWriter(BlobService blobs) {
        this.blobs = blobs;
    }

    /**
     * One blob of {@code lines} (each ending with a line feed) for {@code service}'s {@code hour} in
     * {@code account}; returns its name once it is durable.
     */
    String write(String account, AnalyticsService service, Instant hour, String lines, String logTypes,
                 Instant start, Instant end) {
        ensureContainer(account);
        byte[] bytes = lines.getBytes(StandardCharsets.UTF_8);
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("LogType", logTypes);
        metadata.put("StartTime", start.truncatedTo(ChronoUnit.SECONDS).toString());
        metadata.put("EndTime", end.truncatedTo(ChronoUnit.SECONDS).toString());
        metadata.put("LogVersion", LogLine.VERSION);
        String key = account + '/' + service.logName();
        Next last = next.get(key);
        int sequence = last != null && last.hour().equals(hour) ? last.sequence() : 0;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++, sequence++) {
            String name = AnalyticsNames.logBlob(service, hour, sequence);
            ContentId content = content(bytes);
            try {
                blobs.putBlob(account, AnalyticsNames.LOGS_CONTAINER, name, NewBlob.of(BlobType.BLOCK_BLOB, content,
                        bytes.length, ContentHeaders.NONE.withContentMd5(md5(bytes)).withDefaultContentType(),
                        metadata), new Conditions(null, ANY, null, null, null));
                next.put(key, new Next(hour, sequence + 1));
                blobs.whenDurable().join();
                return name;
            } catch (ServiceException e) {
                blobs.discard(content);
                if (e.errorCode() != BlobError.BLOB_ALREADY_EXISTS) {
                    throw e;
                }
            }
        }
        throw new IllegalStateException("no free log blob name in " + MAX_ATTEMPTS + " for " + key + " at " + hour);
    }

    private void ensureContainer(String account) {
        try {
            blobs.containers().create(account, AnalyticsNames.LOGS_CONTAINER, Map.of(), PublicAccess.NONE);
        } catch (ServiceException e) {
            if (e.errorCode() != BlobError.CONTAINER_ALREADY_EXISTS) {
                throw e;
            }
        }
    }

    private ContentId content(byte[] bytes) {
        try (ContentWriter writer = blobs.contents().create()) {
            writer.write(ByteBuffer.wrap(bytes));
            return writer.finish();
        }
    }

    private static byte[] md5(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
