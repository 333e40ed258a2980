package io.cerulean.jmh;

import io.cerulean.bench.workload.EntityFactory;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/** The entities `cerulean bench` writes: about 1 KiB of JSON, ten typed properties. */
final class Entities {
    private static final EntityFactory FACTORY = new EntityFactory(1024);

    private Entities() {
    }

    /** The JSON of the bench's entity {@code row} of its first big partition, {@link #partitionKey()}. */
    static String json(int row) {
        return json(0, row);
    }

    /** The JSON of the bench's entity {@code row} of its big partition {@code partition}. */
    static String json(int partition, int row) {
        ByteBuf out = Unpooled.buffer(1100);
        FACTORY.writeJson(out, EntityFactory.BIG, partition, row);
        return out.toString(StandardCharsets.US_ASCII);
    }

    static String partitionKey() {
        return partitionKey(0);
    }

    static String partitionKey(int partition) {
        return EntityFactory.partitionKey(EntityFactory.BIG, partition);
    }

    static String rowKey(int row) {
        return EntityFactory.rowKey(row);
    }
}
