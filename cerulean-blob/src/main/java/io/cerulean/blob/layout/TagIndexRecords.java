package io.cerulean.blob.layout;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

/**
 * The layout of the blob index tags' index, key space {@code BLOB_TAGS} (one instance): an entry
 * per blob and tag it holds,
 *
 * <pre>
 * partition  [account][0x01][tag key][0x01][tag value]     (UTF-8; tags hold ASCII from space up)
 * row        [container name][0x00][blob name]             (UTF-8)
 * version    drawn at random at every write
 * payload    [format: 1, 1][state: 1, 0 pending, 1 confirmed][written, epoch ms: 8]
 *            [container's blobs instance: 8][the blob's tags: count, then key and value (strings)]
 * </pre>
 * So one tag's entries are one partition, in container and blob name order, and one key's values
 * are consecutive partitions in value order: an equality term reads one partition, a range term a
 * range of them. The entry carries all of the blob's tags, so that the other terms of a query are
 * checked on it without reading the blob.
 *
 * <p><b>Why lookups are right although the blob and its entries are in different partitions.</b>
 * A write that gives a blob tags puts each entry, <em>pending</em>, before it commits the blob
 * (again at every attempt), and after the commit marks each <em>confirmed</em> on the version it
 * put, unless another writer has put it since; entries of tags the blob no longer has are deleted
 * after the commit. A crash between leaves pending entries, never a tagged blob without its entries.
 * A confirmed entry's tags are those of the last write that set the blob's tags (any later such
 * write puts it pending first); a pending one's may be anything. So a lookup trusts a confirmed
 * entry's tags to drop a blob that does not match, reads the blob row of every entry left (a point
 * read of the matches only) and answers from the row, never from the entry. An entry whose blob is
 * gone or no longer holds the tag, or whose container's instance is not the container's now, is
 * deleted by the lookup that finds it, on the version read, and only when it is confirmed or its
 * writer is surely done ({@link #PENDING_GRACE} after it was put): a pending entry younger than that
 * may belong to a write about to commit.
 */
public final class TagIndexRecords {
    public static final Space SPACE = KeySpaces.BLOB_TAGS.single();
    /** The format of the layout above, recorded in the server state and checked when the service opens. */
    public static final int FORMAT_VERSION = 1;
    /**
     * How long a pending entry is taken to belong to a write still under way. A write puts its
     * entries just before its commit, so this bounds one commit's time (and servers' clock skew).
     */
    public static final java.time.Duration PENDING_GRACE = java.time.Duration.ofMinutes(10);
    private static final byte SEPARATOR = 0x01;

    private TagIndexRecords() {
    }

    /** An entry as read: whether it is confirmed, when it was put, the container instance and the blob's tags. */
    public record Entry(boolean confirmed, Instant written, long instance, Map<String, String> tags) {
    }

    /** A blob an entry names. */
    public record BlobRef(String container, String blob) {
    }

    /** The partition of one tag's entries. */
    public static byte[] partition(String account, String key, String value) {
        return concat(keyPrefix(account, key), utf8(value));
    }

    /** Every partition of one key's entries, in value order. */
    private static byte[] keyPrefix(String account, String key) {
        return concat(utf8(account), new byte[] {SEPARATOR}, utf8(key), new byte[] {SEPARATOR});
    }

    /** What a partition names: the account, the tag's key and its value. */
    public record Tag(String account, String key, String value) {
    }

    /** Every entry of one account, whatever its tag. */
    public static RecordRange account(String account) {
        byte[] name = utf8(account);
        return new RecordRange(RecordBound.partitionIncluded(concat(name, new byte[] {SEPARATOR})),
                RecordBound.partitionExcluded(concat(name, new byte[] {SEPARATOR + 1})));
    }

    /** The account, key and value a partition names. */
    public static Tag tag(byte[] partition, int offset, int length) {
        int first = offset;
        while (partition[first] != SEPARATOR) {
            first++;
        }
        int second = first + 1;
        while (partition[second] != SEPARATOR) {
            second++;
        }
        return new Tag(new String(partition, offset, first - offset, StandardCharsets.UTF_8),
                new String(partition, first + 1, second - first - 1, StandardCharsets.UTF_8),
                new String(partition, second + 1, offset + length - second - 1, StandardCharsets.UTF_8));
    }

    /** The tag value of a partition of {@code key}'s. */
    public static String value(String account, String key, byte[] partition, int offset, int length) {
        int prefix = keyPrefix(account, key).length;
        return new String(partition, offset + prefix, length - prefix, StandardCharsets.UTF_8);
    }

    public static byte[] row(String container, String blob) {
        return concat(utf8(container), new byte[] {0}, utf8(blob));
    }

    public static BlobRef blobRef(byte[] row, int offset, int length) {
        int zero = offset;
        while (row[zero] != 0) {
            zero++;
        }
        return new BlobRef(new String(row, offset, zero - offset, StandardCharsets.UTF_8),
                new String(row, zero + 1, offset + length - zero - 1, StandardCharsets.UTF_8));
    }

    /**
     * The entries of {@code key} whose values lie between {@code lower} and {@code upper} (null: no
     * bound on that side; each inclusive or not), or of one value when both are it, inclusive.
     */
    public static RecordRange values(String account, String key, String lower, boolean lowerInclusive, String upper,
                                     boolean upperInclusive) {
        byte[] prefix = keyPrefix(account, key);
        RecordBound low = lower == null ? RecordBound.partitionIncluded(prefix)
                : lowerInclusive ? RecordBound.partitionIncluded(concat(prefix, utf8(lower)))
                : RecordBound.partitionExcluded(concat(prefix, utf8(lower)));
        RecordBound high = upper == null ? RecordBound.partitionExcluded(Keys.successor(prefix))
                : upperInclusive ? RecordBound.partitionIncluded(concat(prefix, utf8(upper)))
                : RecordBound.partitionExcluded(concat(prefix, utf8(upper)));
        return new RecordRange(low, high);
    }

    public static StoredValue value(long version, boolean confirmed, Instant written, long instance,
                                    Map<String, String> tags) {
        return new Fields.Writer().putByte(FORMAT_VERSION).putByte(confirmed ? 1 : 0).putLong(written.toEpochMilli())
                .putLong(instance).putMetadata(tags).value(version);
    }

    public static Entry read(byte[] bytes, int offset, int length) {
        Fields.Reader reader = new Fields.Reader(bytes, offset, length);
        int format = reader.getByte();
        if (format != FORMAT_VERSION) {
            throw new IllegalStateException("a tag index entry of format " + format + ", not " + FORMAT_VERSION);
        }
        boolean confirmed = reader.getByte() == 1;
        Instant written = Instant.ofEpochMilli(reader.getLong());
        long instance = reader.getLong();
        return new Entry(confirmed, written, instance, reader.getMetadata());
    }

    public static Entry read(StoredValue value) {
        return read(value.bytes(), StoredValue.HEADROOM, value.payloadLength());
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] joined = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, joined, at, part.length);
            at += part.length;
        }
        return joined;
    }
}
