package io.cerulean.blob.layout;

import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The layout of the container catalogue, key space {@code BLOB_CONTAINERS}: one partition per
 * account (its name, UTF-8), and in it
 *
 * <pre>
 * row 'C' + container name (ASCII)   version: drawn at random at every write
 *     payload: [blobs instance: 8][ETag: 8][last modified, epoch ms: 8][public access: 1][metadata]
 *              [lease][ACL length: 4][ACL: the stored access policies as AccessPolicies encodes them]
 * </pre>
 * (metadata and lease as {@link Fields} writes them). The version is not the ETag: a lease action
 * changes the row but not the ETag, and must still be a commit on the version read. The ACL lives
 * in the container's own row, so that Set Container ACL gives the container a new ETag and Delete
 * Container takes the policies with it.
 *
 * <p>The blobs instance is taken from the server state's counter {@value #BLOBS_INSTANCES} when
 * the container is created; the counter never hands out an id twice, so a container made again
 * under an old name never sees old blobs. Containers created before the counter was used have an
 * instance drawn at random from [0, 2^63) and keep it: such an id meets a counter value only if
 * it is below the number of containers created since, a chance per old container of about one in
 * a million million even after ten million new ones, which is no practical concern.
 */
public final class ContainerCatalog {
    /** The format of the layout above, recorded in the server state and checked when the service opens. */
    public static final int FORMAT_VERSION = 1;
    public static final Space SPACE = KeySpaces.BLOB_CONTAINERS.single();
    /** The server state's counter that names containers' blobs instances. */
    public static final String BLOBS_INSTANCES = "next-container-instance";
    private static final byte CONTAINER = 'C';

    private ContainerCatalog() {
    }

    /** A container row as read: where its blobs are, and its properties. */
    public record ContainerRecord(long blobsInstance, ContainerProperties properties, AccessPolicies acl) {
    }

    public static byte[] partition(String account) {
        return account.getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] containerRow(String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        byte[] row = new byte[1 + bytes.length];
        row[0] = CONTAINER;
        System.arraycopy(bytes, 0, row, 1, bytes.length);
        return row;
    }

    /** The container name of a container row. */
    public static String name(byte[] row, int offset, int length) {
        return new String(row, offset + 1, length - 1, StandardCharsets.UTF_8);
    }

    public static StoredValue value(long version, long blobsInstance, ContainerProperties properties,
                                    AccessPolicies acl) {
        byte[] policies = acl.encode();
        return new Fields.Writer().putLong(blobsInstance).putLong(properties.etag())
                .putLong(properties.lastModified().toEpochMilli())
                .putByte(properties.publicAccess().ordinal()).putMetadata(properties.metadata())
                .putLease(properties.lease()).putInt(policies.length).putBytes(policies)
                .value(version);
    }

    public static ContainerRecord read(String name, long version, byte[] bytes, int offset, int length) {
        Fields.Reader reader = new Fields.Reader(bytes, offset, length);
        long instance = reader.getLong();
        long etag = reader.getLong();
        Instant lastModified = Instant.ofEpochMilli(reader.getLong());
        PublicAccess access = PublicAccess.values()[reader.getByte()];
        Map<String, String> metadata = reader.getMetadata();
        ContainerProperties properties = new ContainerProperties(name, etag, lastModified, metadata, access,
                reader.getLease());
        return new ContainerRecord(instance, properties, AccessPolicies.decode(reader.getBytes(reader.getInt())));
    }

    public static ContainerRecord read(String name, StoredValue value) {
        return read(name, value.version(), value.bytes(), StoredValue.HEADROOM, value.payloadLength());
    }

    /**
     * The container rows of an account whose names start with {@code prefix}, from {@code from} on
     * (null: the first); empty when {@code from} lies past every such name.
     */
    public static Optional<RecordRange> containers(String account, String prefix, String from) {
        byte[] partition = partition(account);
        byte[] start = containerRow(prefix);
        if (from != null && from.compareTo(prefix) > 0) {
            start = containerRow(from);
        }
        byte[] end = containerRow(prefix);
        if (prefix.isEmpty()) {
            end = new byte[] {CONTAINER + 1};
        } else {
            end = Keys.successor(end);
        }
        if (Arrays.compareUnsigned(start, end) >= 0) {
            return Optional.empty();
        }
        return Optional.of(new RecordRange(RecordBound.inclusive(partition, start), RecordBound.exclusive(partition,
                end)));
    }
}
