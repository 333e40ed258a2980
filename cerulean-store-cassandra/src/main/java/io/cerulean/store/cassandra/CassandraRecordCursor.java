package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.RecordCursor;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Iterator;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Records of partitions in order: for each partition the source names, its rows as Cassandra
 * returns them (in row order, a page at a time). One page of one partition is one consistent read,
 * so a commit of up to a page of rows is seen whole or not at all; a partition longer than a page
 * is read page by page. The first pages of the next {@link #READ_AHEAD} partitions are asked for
 * while the current one is read, so that a scan over many small partitions (one entity per
 * PartitionKey is common) is not one round trip per partition. Lends the driver's buffers until it
 * moves. Not thread-safe.
 */
final class CassandraRecordCursor implements RecordCursor {
    static final int READ_AHEAD = 8;

    /** A partition and the first page of its rows, asked for. */
    private record Pending(byte[] partition, CompletionStage<AsyncResultSet> firstPage) {
    }

    private final Iterator<byte[]> partitions;
    private final Function<byte[], CompletionStage<AsyncResultSet>> rowsOf;
    private final ArrayDeque<Pending> ahead = new ArrayDeque<>();
    private AsyncResultSet page;
    private final ByteView partition = new ByteView();
    private final ByteView row = new ByteView();
    private final ByteView payload = new ByteView();
    private Iterator<Row> rows = Collections.emptyIterator();
    private long version;
    private boolean done;

    CassandraRecordCursor(Iterator<byte[]> partitions, Function<byte[], CompletionStage<AsyncResultSet>> rowsOf) {
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
                if (page != null && page.hasMorePages()) {
                    page = Driver.await(page.fetchNextPage());
                    rows = page.currentPage().iterator();
                    continue;
                }
                while (ahead.size() < READ_AHEAD && partitions.hasNext()) {
                    byte[] next = partitions.next();
                    ahead.add(new Pending(next, rowsOf.apply(next)));
                }
                Pending next = ahead.poll();
                if (next == null) {
                    done = true;
                    return false;
                }
                partition.set(next.partition(), 0, next.partition().length);
                page = Driver.await(next.firstPage());
                rows = page.currentPage().iterator();
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
        ahead.clear(); // pages asked for and not read are dropped when they arrive
    }
}
