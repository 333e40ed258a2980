package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.Crc64;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.FullHttpResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * B7: Put Block of 4 MiB with {@code x-ms-content-crc64}, which the service checks against the
 * bytes, and without, a row each, every worker for a timed phase, each staging blocks (never
 * committed) on a blob of its own under one block id, each Put Block replacing the last: what
 * the server holds stays one block per worker. Every Put Block sends the same
 * 4 MiB, whose CRC-64 the bench computes once. The figure is MiB/s staged. Checks: every Put Block
 * answers 201, and where the answer carries {@code x-ms-content-crc64} it is the bench's; a Put
 * Block with a wrong CRC-64 is refused with 400.
 */
public final class Crc64Blocks implements Workload {
    static final int BLOCK_BYTES = LargeBlob.BLOCK_BYTES;
    private static final String BLOCK_ID = Base64.getEncoder().encodeToString(
            "block-0".getBytes(StandardCharsets.US_ASCII));

    private final boolean crc;

    private Crc64Blocks(boolean crc) {
        this.crc = crc;
    }

    /** With the CRC-64, then without. */
    public static List<Workload> pair() {
        return List.of(new Crc64Blocks(true), new Crc64Blocks(false));
    }

    /** The body every Put Block sends and its CRC-64 header, made on first use. */
    private static final class Block {
        static final ByteBuf BODY;
        static final String CRC64;

        static {
            byte[] bytes = new byte[BLOCK_BYTES];
            byte[] header = BlobData.blockHeader(0, 0);
            System.arraycopy(header, 0, bytes, 0, header.length);
            for (int i = header.length; i < bytes.length; i++) {
                bytes[i] = BlobData.patternByte(i - header.length);
            }
            CRC64 = Crc64.header(Crc64.of(bytes));
            BODY = Unpooled.unreleasableBuffer(Unpooled.directBuffer(bytes.length).writeBytes(bytes));
        }
    }

    @Override
    public String id() {
        return "B7";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        String name = ctx.createContainer(crc ? "c1" : "c2");
        List<BlobRequests.Container> containers = ctx.containers(name);
        String crc64 = Block.CRC64;
        PhaseResult r = ctx.phase().run((worker, random) -> new PutBlock(containers.get(worker), "crc-" + worker,
                BLOCK_ID, crc ? crc64 : null), sizes.concurrency(), sizes.phase(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(Locale.ROOT,
                "B7 every Put Block of 4 MiB %s answered 201%s (%,d blocks, %,d errors%s)",
                crc ? "with x-ms-content-crc64" : "without a checksum", ", and any CRC-64 it sent back is the bench's",
                r.ops(), r.errors(), WorkloadContext.firstError(r)));
        if (crc) {
            String wrong = Crc64.header(~Crc64.of(new byte[1]));
            Response refused = ctx.call(containers.get(0).putBlock("crc-wrong", BLOCK_ID, Block.BODY.duplicate(),
                    wrong));
            ctx.checks().check(refused.status() == 400, "B7 a Put Block whose x-ms-content-crc64 is not its "
                    + "bytes' is refused with 400 (" + refused.describe() + ")");
        }
        return WorkloadContext.rate(id(), crc ? "put block 4 MiB, crc64" : "put block 4 MiB, no crc", "MiB/s",
                r.itemsPerSecond() / (1024.0 * 1024.0), r);
    }

    /** Put Block of the shared 4 MiB, with its CRC-64 when {@code crc64} is not null: 201. */
    static final class PutBlock implements Op {
        private final BlobRequests.Container container;
        private final String blob;
        private final String blockId;
        private final String crc64;
        private long items;

        PutBlock(BlobRequests.Container container, String blob, String blockId, String crc64) {
            this.container = container;
            this.blob = blob;
            this.blockId = blockId;
            this.crc64 = crc64;
        }

        @Override
        public Request request() {
            ByteBuf body = Block.BODY.duplicate();
            return crc64 == null ? container.putBlock(blob, blockId, body) : container.putBlock(blob, blockId, body,
                    crc64);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 201) {
                throw OpFailure.status("put block", response);
            }
            String echoed = response.headers().get("x-ms-content-crc64");
            if (echoed != null && !echoed.equals(Block.CRC64)) {
                throw new OpFailure("put block: x-ms-content-crc64 " + echoed + ", not " + Block.CRC64);
            }
            items = BLOCK_BYTES;
            return true;
        }

        @Override
        public long items() {
            return items;
        }
    }
}
