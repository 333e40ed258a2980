package io.cerulean.queue.layout;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.UUID;

/**
 * The layout of a queue's messages, key space {@code QUEUE_MESSAGES}, one instance per queue.
 * Messages are spread over {@link #BUCKETS} partitions, the bucket picked by the message id, so that
 * a busy queue is not one hot partition of a cluster. In a bucket, each message has two rows, always
 * written together (one partition: one atomic commit):
 *
 * <pre>
 * row 0x01 [id: 16]                               version: v   payload: [visible at: 8][sequence: 8]
 * row 0x02 [visible at: 8][sequence: 8][id: 16]   version: v   payload: [inserted: 8][expires: 8][dequeue count: 8][text: UTF-8]
 * </pre>
 * Times are milliseconds since the epoch, big-endian, so that the message rows of a bucket are in
 * the order they become visible, and within one millisecond in the order they were put (the
 * sequence). A scan of the message rows up to now finds the visible messages first, without reading
 * past them. The id row finds a message's current message row from its id. Both rows carry the
 * same version, drawn at random at every change; the pop receipt names the message row and that
 * version ({@link PopReceipt}), so that a receipt stops working at the next change.
 *
 * <p>The id row is the message's latch: a change is conditioned on the id row's version alone.
 * While the id row holds version v, the message row is the one v's change wrote (the two are only
 * ever changed together), so a commit on the id row's version needs no condition on the message
 * rows it deletes or puts, and reads one row to check rather than three.
 */
public final class MessageLayout {
    /** The format of the layout above, recorded in the server state and checked when the service opens. */
    public static final int FORMAT_VERSION = 1;
    public static final int BUCKETS = 16;
    private static final byte ID = 0x01;
    private static final byte MESSAGE = 0x02;
    private static final int MESSAGE_ROW = 1 + 8 + 8 + 16;

    private MessageLayout() {
    }

    public static Space space(long messagesInstance) {
        return KeySpaces.QUEUE_MESSAGES.instance(messagesInstance);
    }

    /** Bucket partitions are one byte, never zero: 'a' to 'p'. */
    public static byte[] bucket(int bucket) {
        return new byte[] {(byte) ('a' + bucket)};
    }

    public static int bucketOf(UUID id) {
        return (int) (id.getLeastSignificantBits() & (BUCKETS - 1));
    }

    public static byte[] idRow(UUID id) {
        return ByteBuffer.allocate(17).put(ID).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array();
    }

    public static byte[] messageRow(long visibleAt, long sequence, UUID id) {
        return ByteBuffer.allocate(MESSAGE_ROW).put(MESSAGE).putLong(visibleAt).putLong(sequence)
                .putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array();
    }

    /** The message rows of one bucket visible at {@code now}: made visible at or before it. */
    public static RecordRange visible(int bucket, long now) {
        byte[] partition = bucket(bucket);
        byte[] end = ByteBuffer.allocate(9).put(MESSAGE).putLong(now + 1).array();
        return new RecordRange(RecordBound.inclusive(partition, new byte[] {MESSAGE}),
                RecordBound.exclusive(partition, end));
    }

    /**
     * The message rows of one bucket visible at {@code now} from {@code from} on: a scan that
     * starts past the rows it knows to be gone rather than step over them.
     */
    public static RecordRange visible(int bucket, Position from, long now) {
        byte[] partition = bucket(bucket);
        byte[] start = ByteBuffer.allocate(17).put(MESSAGE).putLong(from.visibleAt()).putLong(from.sequence()).array();
        byte[] end = ByteBuffer.allocate(9).put(MESSAGE).putLong(now + 1).array();
        return new RecordRange(RecordBound.inclusive(partition, start), RecordBound.exclusive(partition, end));
    }

    /** The id rows of one bucket: one per message. */
    public static RecordRange ids(int bucket) {
        byte[] partition = bucket(bucket);
        return new RecordRange(RecordBound.inclusive(partition, new byte[] {ID}),
                RecordBound.exclusive(partition, new byte[] {MESSAGE}));
    }

    /** Where a message's row is: what its id row holds. */
    public record Position(long visibleAt, long sequence) {
    }

    /** The order of message rows by position (times and sequences are never negative). */
    public static final Comparator<Position> ORDER = (a, b) -> a.visibleAt() != b.visibleAt()
            ? Long.compare(a.visibleAt(), b.visibleAt()) : Long.compare(a.sequence(), b.sequence());

    public static StoredValue idValue(long version, Position position) {
        return StoredValue.of(version, ByteBuffer.allocate(16).putLong(position.visibleAt())
                .putLong(position.sequence()).array());
    }

    public static Position position(StoredValue idValue) {
        ByteBuffer buffer = ByteBuffer.wrap(idValue.bytes(), StoredValue.HEADROOM, idValue.payloadLength());
        return new Position(buffer.getLong(), buffer.getLong());
    }

    /** A message as its row holds it. */
    public record StoredMessage(UUID id, Position position, long version, long inserted, long expires,
                                long dequeueCount, String text) {
        public StoredValue value() {
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            return StoredValue.of(version, ByteBuffer.allocate(24 + utf8.length).putLong(inserted).putLong(expires)
                    .putLong(dequeueCount).put(utf8).array());
        }

        public byte[] row() {
            return messageRow(position.visibleAt(), position.sequence(), id);
        }
    }

    /** The message whose row and value a cursor is on. */
    public static StoredMessage message(ByteView row, long version, ByteView payload) {
        ByteBuffer key = ByteBuffer.wrap(row.array(), row.offset(), row.length());
        key.get();
        Position position = new Position(key.getLong(), key.getLong());
        UUID id = new UUID(key.getLong(), key.getLong());
        return message(id, position, version, payload.array(), payload.offset(), payload.length());
    }

    /** The message {@code id} at {@code position}, from its row's stored value. */
    public static StoredMessage message(UUID id, Position position, StoredValue value) {
        return message(id, position, value.version(), value.bytes(), StoredValue.HEADROOM, value.payloadLength());
    }

    private static StoredMessage message(UUID id, Position position, long version, byte[] bytes, int offset, int length) {
        ByteBuffer value = ByteBuffer.wrap(bytes, offset, length);
        long inserted = value.getLong();
        long expires = value.getLong();
        long dequeueCount = value.getLong();
        String text = new String(bytes, offset + 24, length - 24, StandardCharsets.UTF_8);
        return new StoredMessage(id, position, version, inserted, expires, dequeueCount, text);
    }
}
