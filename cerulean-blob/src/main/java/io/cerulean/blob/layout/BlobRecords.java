package io.cerulean.blob.layout;

import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.RehydratePriority;
import io.cerulean.blob.model.Segment;
import io.cerulean.blob.model.Tiering;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The layout of a container's blobs, key space {@code BLOBS}, one instance per container: a
 * partition per blob (its name, UTF-8), and in it
 *
 * <pre>
 * row 'A' + snapshot (8 bytes, 100 ns ticks since the epoch)   a snapshot, in the blob's layout
 * row 'A' + version (8 bytes, ticks) + 'V'   a previous version, in the blob's layout
 * row 'B'              the committed blob
 *     payload: [format: 1, 1 or 2][type: 1][ETag: 8][created, epoch ms: 8][last modified, epoch ms: 8]
 *              [length: 8][content type][encoding][language][disposition][cache control]  (strings)
 *              [MD5 length: 1, 0 or 16][MD5][metadata][lease]
 *              [copy: 1, 0 for none, then [id][source] (strings)[completed, epoch ms: 8][length: 8]]
 *              [sequence number: 8]
 *              [segments: 4] then per segment [id length: 1, 255 for none][id: ASCII][content: 16]
 *                                             [offset in the content: 8][size: 8]
 *              then, in format 2, fields a blob has only when set, each [field: 1][length: 4][value],
 *              in any order:
 *                1 tags       [count: 4] then per tag [key][value] (strings)
 *                2 tier       [tier: 1][inferred: 1][changed, epoch ms: 8, -1 for never]
 *                             [rehydrating to: 1, 255 for none][priority (string)]
 *                             [rehydrated at, epoch ms: 8, -1 for none]   (absent: Hot, inferred)
 *                3 sealed     (no value)
 *                4 version id (string)
 *                5 deleted    [epoch ms: 8]
 *                6 copy state [status: 1][bytes copied: 8][status description (string)]
 *                             [last progress, epoch ms: 8, -1 once finished][incremental copy's
 *                             destination snapshot: 8, -1 for none]   (absent: the copy, if any,
 *                             succeeded; the copy section's moment is then when it finished, and
 *                             while pending when it began)
 *                7 copy settings, what a pending copy sets on its destination once complete
 *                             [tags: as metadata][tier: 1, 255 for none][rehydrate priority: 1, 255 for
 *                             none][seal: 1, 0 or 1][rehydrate, the source archived: 1, 0 or 1]
 *                             (absent: none; only with a copy state, read after it)
 * row 'N'              how many staged blocks the blob has, never more than it has (absent: none,
 *                      or a partition written before the row was); there only while it has some
 *     payload: [count: 8]
 * row 'U' + block id   a staged (uncommitted) block
 *     payload: [content: 16][size: 8][staged, epoch ms: 8]
 * </pre>
 * (strings, metadata and the lease as {@link Fields} writes them; an empty segment's content is 16
 * zero bytes, and a piece with none is zeros). Every row's version is drawn at random at every write: it is what commits compare,
 * and it is not the ETag, which a lease action leaves as it is. A blob, its snapshots and its
 * staged blocks share a partition, so that Put Block List commits the blob and discards the staged
 * blocks in one atomic commit, and bytes a snapshot still names are seen before they are let go.
 * Snapshots and previous versions sort before the blob, by moment, oldest first (a snapshot before
 * a version of the same moment), as List Blobs lists them; a version and the write that made it
 * commit together. A soft-deleted blob keeps its row 'B', marked deleted.
 */
public final class BlobRecords {
    private static final byte SNAPSHOT = 'A';
    private static final byte[] BLOB_ROW = {'B'};
    private static final byte STAGED = 'U';
    private static final byte VERSION = 'V';
    /**
     * The format of the layout above: recorded in the server state and checked when the service
     * opens, and written in every blob row besides, as a second line of defence.
     */
    public static final int FORMAT_VERSION = 2;
    /** The earliest format this release reads: format 1 rows are format 2 rows with no optional fields. */
    public static final int READS_FROM = 1;
    private static final int FORMAT = FORMAT_VERSION;
    private static final int TAGS = 1;
    private static final int TIER = 2;
    private static final int SEALED = 3;
    private static final int VERSION_ID = 4;
    private static final int DELETED = 5;
    private static final int COPY_STATE = 6;
    private static final int COPY_SETTINGS = 7;
    private static final int NO_ID = 255;
    private static final byte[] NO_CONTENT = new byte[16];

    private BlobRecords() {
    }

    /** A staged block as read. */
    public record StagedBlock(BlockId id, ContentId content, long size, Instant staged) {
    }

    public static Space space(long blobsInstance) {
        return KeySpaces.BLOBS.instance(blobsInstance);
    }

    public static byte[] partition(String blobName) {
        return blobName.getBytes(StandardCharsets.UTF_8);
    }

    public static String blobName(byte[] partition, int offset, int length) {
        return new String(partition, offset, length, StandardCharsets.UTF_8);
    }

    public static byte[] blobRow() {
        return BLOB_ROW.clone();
    }

    public static boolean isBlobRow(byte[] row, int offset, int length) {
        return length == 1 && row[offset] == BLOB_ROW[0];
    }

    public static boolean isSnapshotRow(byte[] row, int offset, int length) {
        return length == 9 && row[offset] == SNAPSHOT;
    }

    public static byte[] snapshotRow(long snapshot) {
        byte[] row = new byte[9];
        row[0] = SNAPSHOT;
        java.nio.ByteBuffer.wrap(row, 1, 8).putLong(snapshot);
        return row;
    }

    /** The snapshot a snapshot row names. */
    public static long snapshot(byte[] row, int offset) {
        return java.nio.ByteBuffer.wrap(row, offset + 1, 8).getLong();
    }

    public static boolean isVersionRow(byte[] row, int offset, int length) {
        return length == 10 && row[offset] == SNAPSHOT && row[offset + 9] == VERSION;
    }

    public static byte[] versionRow(long version) {
        byte[] row = java.util.Arrays.copyOf(snapshotRow(version), 10);
        row[9] = VERSION;
        return row;
    }

    /** The version a version row names ({@link #snapshot} reads both). */
    public static long version(byte[] row, int offset) {
        return snapshot(row, offset);
    }

    public static boolean isStagedRow(byte[] row, int offset, int length) {
        return length > 1 && row[offset] == STAGED;
    }

    public static byte[] stagedRow(BlockId id) {
        byte[] text = id.bytes();
        byte[] row = new byte[1 + text.length];
        row[0] = STAGED;
        System.arraycopy(text, 0, row, 1, text.length);
        return row;
    }

    /** Every staged block of one blob. */
    public static RecordRange stagedBlocks(String blobName) {
        byte[] partition = partition(blobName);
        return new RecordRange(RecordBound.inclusive(partition, new byte[] {STAGED}),
                RecordBound.exclusive(partition, new byte[] {STAGED + 1}));
    }

    /**
     * The blobs whose names start with {@code prefix}, from the name {@code from} on (null: the first):
     * every row of their partitions.
     */
    public static RecordRange blobs(String prefix, String from) {
        byte[] start = partition(prefix);
        if (from != null && from.compareTo(prefix) > 0) {
            start = partition(from);
        }
        RecordBound lower = start.length == 0 ? null : RecordBound.partitionIncluded(start);
        byte[] end = prefix.isEmpty() ? null : Keys.successor(partition(prefix));
        return new RecordRange(lower, end == null ? null : RecordBound.partitionExcluded(end));
    }

    /** The first name after every name that starts with {@code prefix}, as a partition; null when none. */
    public static byte[] after(String prefix) {
        return Keys.successor(partition(prefix));
    }

    /** A blob row, or a snapshot row, written with a new {@code version}. */
    public static StoredValue blobValue(long version, BlobProperties blob) {
        ContentHeaders headers = blob.headers();
        Fields.Writer writer = new Fields.Writer().putByte(FORMAT).putByte(blob.type().ordinal()).putLong(blob.etag())
                .putLong(blob.created().toEpochMilli()).putLong(blob.lastModified().toEpochMilli())
                .putLong(blob.contentLength())
                .putString(headers.contentType()).putString(headers.contentEncoding())
                .putString(headers.contentLanguage()).putString(headers.contentDisposition())
                .putString(headers.cacheControl());
        byte[] md5 = headers.contentMd5();
        writer.putByte(md5 == null ? 0 : md5.length);
        if (md5 != null) {
            writer.putBytes(md5);
        }
        writer.putMetadata(blob.metadata()).putLease(blob.lease());
        CopyInfo copy = blob.copy();
        writer.putByte(copy == null ? 0 : 1);
        if (copy != null) {
            writer.putString(copy.id()).putString(copy.source()).putLong(copy.completed().toEpochMilli())
                    .putLong(copy.length());
        }
        writer.putLong(blob.sequenceNumber()).putInt(blob.segments().size());
        for (Segment segment : blob.segments()) {
            if (segment.blockId() == null) {
                writer.putByte(NO_ID);
            } else {
                byte[] id = segment.blockId().bytes();
                writer.putByte(id.length).putBytes(id);
            }
            writer.putBytes(segment.content() == null ? NO_CONTENT : contentBytes(segment.content()));
            writer.putLong(segment.contentOffset()).putLong(segment.size());
        }
        writeOptionalFields(writer, blob);
        return writer.value(version);
    }

    /** A blob row (its own, or a snapshot's when {@code snapshot} is not {@link BlobProperties#BASE}). */
    public static BlobProperties readBlob(String name, long snapshot, byte[] bytes, int offset, int length) {
        Fields.Reader reader = new Fields.Reader(bytes, offset, length);
        int format = reader.getByte();
        if (format < READS_FROM || format > FORMAT) {
            throw new IllegalStateException("a blob record of format " + format + ", not " + FORMAT);
        }
        BlobType type = BlobType.values()[reader.getByte()];
        long etag = reader.getLong();
        Instant created = Instant.ofEpochMilli(reader.getLong());
        Instant modified = Instant.ofEpochMilli(reader.getLong());
        long contentLength = reader.getLong();
        String contentType = reader.getString();
        String encoding = reader.getString();
        String language = reader.getString();
        String disposition = reader.getString();
        String cacheControl = reader.getString();
        int md5Length = reader.getByte();
        byte[] md5 = md5Length == 0 ? null : reader.getBytes(md5Length);
        Map<String, String> metadata = reader.getMetadata();
        Lease lease = reader.getLease();
        CopyInfo copy = reader.getByte() == 0 ? null
                : new CopyInfo(reader.getString(), reader.getString(), Instant.ofEpochMilli(reader.getLong()),
                        reader.getLong());
        long sequenceNumber = reader.getLong();
        int count = reader.getInt();
        List<Segment> segments = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int idLength = reader.getByte();
            BlockId id = idLength == NO_ID ? null
                    : new BlockId(new String(reader.getBytes(idLength), StandardCharsets.US_ASCII));
            byte[] content = reader.getBytes(16);
            long contentOffset = reader.getLong();
            long size = reader.getLong();
            segments.add(new Segment(id, java.util.Arrays.equals(content, NO_CONTENT) ? null : contentId(content),
                    contentOffset, size));
        }
        Map<String, String> tags = Map.of();
        Tiering tiering = Tiering.INFERRED_HOT;
        boolean sealed = false;
        String versionId = null;
        Instant deleted = null;
        while (reader.remaining() > 0) {
            int field = reader.getByte();
            int fieldLength = reader.getInt();
            switch (field) {
                case TAGS -> tags = reader.getMetadata();
                case TIER -> tiering = readTiering(reader);
                case SEALED -> sealed = true;
                case VERSION_ID -> versionId = reader.getString();
                case DELETED -> deleted = Instant.ofEpochMilli(reader.getLong());
                case COPY_STATE -> copy = readCopyState(reader, copy);
                case COPY_SETTINGS -> copy = copy.withSettings(readCopySettings(reader));
                default -> throw new IllegalStateException("a blob record with field " + field + " of "
                        + fieldLength + " bytes, which format " + FORMAT + " does not have");
            }
        }
        return new BlobProperties(name, snapshot, type, etag, created, modified, contentLength,
                new ContentHeaders(contentType, encoding, language, disposition, cacheControl, md5), metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    private static void writeOptionalFields(Fields.Writer writer, BlobProperties blob) {
        if (!blob.tags().isEmpty()) {
            writer.field(TAGS, field -> field.putMetadata(blob.tags()));
        }
        if (!blob.tiering().equals(Tiering.INFERRED_HOT)) {
            Tiering tiering = blob.tiering();
            writer.field(TIER, field -> field.putByte(tiering.tier().ordinal()).putByte(tiering.inferred() ? 1 : 0)
                    .putLong(tiering.changed() == null ? -1 : tiering.changed().toEpochMilli())
                    .putByte(tiering.rehydratingTo() == null ? NO_ID : tiering.rehydratingTo().ordinal())
                    .putString(tiering.priority())
                    .putLong(tiering.rehydratedAt() == null ? -1 : tiering.rehydratedAt().toEpochMilli()));
        }
        if (blob.sealed()) {
            writer.field(SEALED, field -> { });
        }
        if (blob.versionId() != null) {
            writer.field(VERSION_ID, field -> field.putString(blob.versionId()));
        }
        if (blob.deleted() != null) {
            writer.field(DELETED, field -> field.putLong(blob.deleted().toEpochMilli()));
        }
        CopyInfo copy = blob.copy();
        if (copy != null && copy.hasState()) {
            writer.field(COPY_STATE, field -> field.putByte(copy.status().ordinal()).putLong(copy.copied())
                    .putString(copy.description())
                    .putLong(copy.progressed() == null ? -1 : copy.progressed().toEpochMilli())
                    .putLong(copy.incrementalSnapshot()));
        }
        if (copy != null && copy.settings() != null) {
            DestinationSettings settings = copy.settings();
            writer.field(COPY_SETTINGS, field -> field.putMetadata(settings.tags())
                    .putByte(settings.tier() == null ? NO_ID : settings.tier().ordinal())
                    .putByte(settings.priority() == null ? NO_ID : settings.priority().ordinal())
                    .putByte(settings.seal() ? 1 : 0).putByte(settings.rehydrate() ? 1 : 0));
        }
    }

    private static DestinationSettings readCopySettings(Fields.Reader reader) {
        Map<String, String> tags = reader.getMetadata();
        int tier = reader.getByte();
        int priority = reader.getByte();
        boolean seal = reader.getByte() != 0;
        boolean rehydrate = reader.getByte() != 0;
        return new DestinationSettings(tags, tier == NO_ID ? null : AccessTier.values()[tier],
                priority == NO_ID ? null : RehydratePriority.values()[priority], seal, rehydrate);
    }

    private static CopyInfo readCopyState(Fields.Reader reader, CopyInfo copy) {
        CopyInfo.Status status = CopyInfo.Status.values()[reader.getByte()];
        long copied = reader.getLong();
        String description = reader.getString();
        long progressed = reader.getLong();
        long incrementalSnapshot = reader.getLong();
        return new CopyInfo(copy.id(), copy.source(), status, copied, copy.length(), description, copy.completed(),
                progressed < 0 ? null : Instant.ofEpochMilli(progressed), incrementalSnapshot, copy.settings());
    }

    private static Tiering readTiering(Fields.Reader reader) {
        AccessTier tier = AccessTier.values()[reader.getByte()];
        boolean inferred = reader.getByte() != 0;
        long changed = reader.getLong();
        int rehydratingTo = reader.getByte();
        String priority = reader.getString();
        long rehydratedAt = reader.getLong();
        return new Tiering(tier, inferred, changed < 0 ? null : Instant.ofEpochMilli(changed),
                rehydratingTo == NO_ID ? null : AccessTier.values()[rehydratingTo], priority,
                rehydratedAt < 0 ? null : Instant.ofEpochMilli(rehydratedAt));
    }

    public static BlobProperties readBlob(String name, long snapshot, StoredValue value) {
        return readBlob(name, snapshot, value.bytes(), StoredValue.HEADROOM, value.payloadLength());
    }

    public static StoredValue stagedValue(long version, ContentId content, long size, Instant staged) {
        return new Fields.Writer().putBytes(content == null ? NO_CONTENT : contentBytes(content)).putLong(size)
                .putLong(staged.toEpochMilli()).value(version);
    }

    public static StagedBlock readStaged(byte[] row, int rowOffset, int rowLength, byte[] bytes, int offset,
                                         int length) {
        BlockId id = new BlockId(new String(row, rowOffset + 1, rowLength - 1, StandardCharsets.US_ASCII));
        Fields.Reader reader = new Fields.Reader(bytes, offset, length);
        byte[] content = reader.getBytes(16);
        long size = reader.getLong();
        Instant staged = Instant.ofEpochMilli(reader.getLong());
        return new StagedBlock(id, java.util.Arrays.equals(content, NO_CONTENT) ? null : contentId(content), size,
                staged);
    }

    public static StagedBlock readStaged(BlockId id, StoredValue value) {
        byte[] row = stagedRow(id);
        return readStaged(row, 0, row.length, value.bytes(), StoredValue.HEADROOM, value.payloadLength());
    }

    // The staged block count: Put Block reads one row, not every staged block, to keep the limit.
    private static final byte[] STAGED_COUNT_ROW = {'N'};

    public static byte[] stagedCountRow() {
        return STAGED_COUNT_ROW.clone();
    }

    public static boolean isStagedCountRow(byte[] row, int offset, int length) {
        return length == 1 && row[offset] == STAGED_COUNT_ROW[0];
    }

    public static StoredValue stagedCountValue(long version, long count) {
        return new Fields.Writer().putLong(count).value(version);
    }

    public static long readStagedCount(byte[] bytes, int offset, int length) {
        return new Fields.Reader(bytes, offset, length).getLong();
    }

    public static long readStagedCount(StoredValue value) {
        return readStagedCount(value.bytes(), StoredValue.HEADROOM, value.payloadLength());
    }

    private static byte[] contentBytes(ContentId id) {
        return HexFormat.of().parseHex(id.hex());
    }

    private static ContentId contentId(byte[] bytes) {
        return new ContentId(HexFormat.of().formatHex(bytes));
    }
}
