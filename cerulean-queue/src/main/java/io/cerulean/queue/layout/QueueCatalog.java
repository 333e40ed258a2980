package io.cerulean.queue.layout;

import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The layout of the queue catalogue, key space {@code QUEUE_CATALOG}: one partition per account
 * (its name, UTF-8), and in it
 *
 * <pre>
 * row 'Q' + queue name (UTF-8)   version: drawn at random at every write
 *     payload: [messages instance: 8][pairs: 4] then per pair [name length: 2][name: UTF-8][value length: 4][value: UTF-8]
 * row 'A' + queue name (UTF-8)   the queue's ACL (kept beside it, so that Delete Queue removes both in one commit)
 * </pre>
 * Every change of a queue (its metadata, Clear Messages moving it to a new messages instance) is a
 * commit on the version read, so that no change undoes another. Instance ids come from the server
 * state's counter {@link #INSTANCE_IDS}, which never hands out one id twice, also to servers sharing
 * the store, so a queue made again under an old name, or cleared, never sees old messages. Releases
 * before the counter drew them at random from [1, 2^63); such rows keep working as they are. A
 * counted id equals one of those only if that draw fell at or below the counter: about one chance
 * in 10^12 per such queue even after millions of ids counted, not a practical concern.
 */
public final class QueueCatalog {
    /** The format of the layout above, recorded in the server state and checked when the service opens. */
    public static final int FORMAT_VERSION = 1;
    /** The server state's counter that names messages instances. */
    public static final String INSTANCE_IDS = "next-queue-instance";
    public static final Space SPACE = KeySpaces.QUEUE_CATALOG.single();
    private static final byte QUEUE = 'Q';
    private static final byte ACL = 'A';

    private QueueCatalog() {
    }

    public static byte[] partition(String account) {
        return account.getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] queueRow(String name) {
        return row(QUEUE, name);
    }

    public static byte[] aclRow(String name) {
        return row(ACL, name);
    }

    private static byte[] row(byte tag, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        byte[] row = new byte[1 + bytes.length];
        row[0] = tag;
        System.arraycopy(bytes, 0, row, 1, bytes.length);
        return row;
    }

    /** Whether a catalogue row is a queue's (not its ACL's). */
    public static boolean isQueueRow(byte[] row, int offset, int length) {
        return length > 1 && row[offset] == QUEUE;
    }

    /** The queue name of a queue row. */
    public static String name(byte[] row, int offset, int length) {
        return new String(row, offset + 1, length - 1, StandardCharsets.UTF_8);
    }

    /**
     * The queue rows of an account whose names start with {@code prefix}, from {@code from} on (null:
     * the first); empty when {@code from} lies past every such name.
     */
    public static Optional<RecordRange> queues(String account, String prefix, String from) {
        byte[] partition = partition(account);
        byte[] start = queueRow(prefix);
        if (from != null && from.compareTo(prefix) > 0) {
            start = queueRow(from);
        }
        byte[] end = queueRow(prefix);
        if (prefix.isEmpty()) {
            end = new byte[] {QUEUE + 1};
        } else {
            end[end.length - 1]++; // queue names are ASCII: the last byte never overflows
        }
        if (Arrays.compareUnsigned(start, end) >= 0) {
            return Optional.empty();
        }
        return Optional.of(new RecordRange(RecordBound.inclusive(partition, start), RecordBound.exclusive(partition, end)));
    }

    /** A queue's row: written with a new random {@code version}. */
    public static StoredValue queueValue(long version, long messagesInstance, QueueMetadata metadata) {
        ByteBuffer buffer = ByteBuffer.allocate(8 + size(metadata));
        buffer.putLong(messagesInstance);
        buffer.putInt(metadata.pairs().size());
        metadata.pairs().forEach((name, value) -> {
            byte[] n = name.getBytes(StandardCharsets.UTF_8);
            byte[] v = value.getBytes(StandardCharsets.UTF_8);
            buffer.putShort((short) n.length).put(n).putInt(v.length).put(v);
        });
        return StoredValue.of(version, buffer.array());
    }

    /** The messages instance a queue row's payload at {@code bytes[offset, offset + length)} names. */
    public static long messagesInstance(byte[] bytes, int offset, int length) {
        return ByteBuffer.wrap(bytes, offset, length).getLong();
    }

    public static QueueMetadata metadata(byte[] bytes, int offset, int length) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes, offset + 8, length - 8);
        int pairs = buffer.getInt();
        Map<String, String> metadata = new LinkedHashMap<>();
        for (int i = 0; i < pairs; i++) {
            byte[] n = new byte[Short.toUnsignedInt(buffer.getShort())];
            buffer.get(n);
            byte[] v = new byte[buffer.getInt()];
            buffer.get(v);
            metadata.put(new String(n, StandardCharsets.UTF_8), new String(v, StandardCharsets.UTF_8));
        }
        return new QueueMetadata(metadata);
    }

    private static int size(QueueMetadata metadata) {
        int size = 4;
        for (Map.Entry<String, String> pair : metadata.pairs().entrySet()) {
            size += 2 + pair.getKey().getBytes(StandardCharsets.UTF_8).length
                    + 4 + pair.getValue().getBytes(StandardCharsets.UTF_8).length;
        }
        return size;
    }
}
