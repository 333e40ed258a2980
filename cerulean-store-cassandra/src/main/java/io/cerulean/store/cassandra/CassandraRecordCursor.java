package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.RecordCursor;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Iterator;
import java.util.function.Function;

/**
 * Records of partitions in order: for each partition the source names, its rows as Cassandra
 * returns them (in row order, a page at a time). One page of one partition is one consistent read,
 * so a commit of up to a page of rows is seen whole or not at all; a partition longer than a page
 * is read page by page. Lends the driver's buffers until it moves. Not thread-safe.
 */
final class CassandraRecordCursor implements RecordCursor {
    private final Iterator<byte[]> partitions;
    private final Function<byte[], Iterator<Row>> rowsOf;
    private final ByteView partition = new ByteView();
    private final ByteView row = new ByteView();
    private final ByteView payload = new ByteView();
    private Iterator<Row> rows = Collections.emptyIterator();
    private long version;
    private boolean done;

    CassandraRecordCursor(Iterator<byte[]> partitions, Function<byte[], Iterator<Row>> rowsOf) {
        this.partitions = partitions;
        this.rowsOf = rowsOf;
    }

    @Override
    public boolean advance() {
        if (done) {
            return false;
        }
        try {
            while (true) {
                while (rows.hasNext()) {
                    Row next = rows.next();
                    ByteBuffer key = next.getByteBuffer(0);
                    // A partition whose rows were all deleted still holds its static commit id: no record.
                    if (key != null) {
                        lend(row, key);
                        version = next.getLong(1);
                        ByteBuffer bytes = next.getByteBuffer(2);
                        lend(payload, bytes == null ? ByteBuffer.allocate(0) : bytes);
                        return true;
                    }
                }
                if (!partitions.hasNext()) {
                    done = true;
                    return false;
                }
                byte[] next = partitions.next();
                partition.set(next, 0, next.length);
                rows = rowsOf.apply(next);
            }
        } catch (RuntimeException e) {
            done = true;
            throw Driver.unavailable("scanning", e);
        }
    }

    private static void lend(ByteView view, ByteBuffer buffer) {
        if (buffer.hasArray()) {
            view.set(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        } else {
            byte[] copy = Driver.bytes(buffer);
            view.set(copy, 0, copy.length);
        }
    }

    @Override
    public ByteView partition() {
        return partition;
    }

    @Override
    public ByteView row() {
        return row;
    }

    @Override
    public long version() {
        return version;
    }

    @Override
    public ByteView payload() {
        return payload;
    }

    @Override
    public void close() {
        done = true;
    }
}
