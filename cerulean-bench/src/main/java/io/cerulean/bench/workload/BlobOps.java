package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.DiscardedBodyResponse;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.netty.handler.codec.http.FullHttpResponse;
import java.util.function.LongConsumer;

/** The operations of B1..B4. */
final class BlobOps {
    private BlobOps() {
    }

    /** Put Blob of small blob {@code n}: 201. */
    static final class PutSmall implements Op {
        private final BlobRequests.Container container;
        private final long n;

        PutSmall(BlobRequests.Container container, long n) {
            this.container = container;
            this.n = n;
        }

        @Override
        public Request request() {
            return container.putBlob(BlobData.smallName(n), BlobData.smallBody(container.alloc(), n));
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 201) {
                throw OpFailure.status("put blob", response);
            }
            return true;
        }
    }

    /** Get Blob of small blob {@code n}: 200 with exactly the bytes it was put with. */
    static final class GetSmall implements Op {
        private final BlobRequests.Container container;
        private final long n;

        GetSmall(BlobRequests.Container container, long n) {
            this.container = container;
            this.n = n;
        }

        @Override
        public Request request() {
            return container.getBlob(BlobData.smallName(n));
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 200) {
                throw OpFailure.status("get blob " + BlobData.smallName(n), response);
            }
            if (!BlobData.isSmall(response.content(), n)) {
                throw new OpFailure("get blob " + BlobData.smallName(n) + ": " + response.content().readableBytes()
                        + " bytes, not the " + BlobData.SMALL_BYTES + " it was put with");
            }
            return true;
        }
    }

    /**
     * Uploads large blob {@code n} in the blob's shape: one Put Blob, or Put Block of each block,
     * one after the other, then Put Block List. One operation; its items are the blob's bytes.
     */
    static final class Upload implements Op {
        private final BlobRequests.Container container;
        private final LargeBlob shape;
        private final long n;
        private final LongConsumer committed;
        private int next;
        private long items;

        /** @param committed told {@code n} once the blob is committed, on the event loop */
        Upload(BlobRequests.Container container, LargeBlob shape, long n, LongConsumer committed) {
            this.container = container;
            this.shape = shape;
            this.n = n;
            this.committed = committed;
        }

        @Override
        public Request request() {
            String name = BlobData.largeName(n);
            if (shape.singleShot()) {
                return container.putBlob(name, BlobData.block(container.alloc(), n, 0, shape.blockBytes()));
            }
            return next < shape.blocks()
                    ? container.putBlock(name, shape.blockIds().get(next),
                            BlobData.block(container.alloc(), n, next, shape.blockBytes()))
                    : container.putBlockList(name, shape.blockIds());
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 201) {
                throw OpFailure.status(shape.singleShot() ? "put blob" : next < shape.blocks() ? "put block " + next
                        : "put block list", response);
            }
            if (next++ < shape.blocks()) {
                return false;
            }
            items = shape.bytes();
            committed.accept(n);
            return true;
        }

        @Override
        public long items() {
            return items;
        }
    }

    /** Get Blob of a large blob, whole, its body counted and dropped: 200 with every byte. */
    static final class Download implements Op {
        private final BlobRequests.Container container;
        private final String name;
        private final long length;
        private long items;

        Download(BlobRequests.Container container, String name, long length) {
            this.container = container;
            this.name = name;
            this.length = length;
        }

        @Override
        public Request request() {
            return container.download(name);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 200) {
                throw OpFailure.status("get blob " + name, response);
            }
            long bytes = response instanceof DiscardedBodyResponse d ? d.bodyBytes() : response.content().readableBytes();
            if (bytes != length) {
                throw new OpFailure("get blob " + name + ": " + bytes + " bytes, not " + length);
            }
            items = bytes;
            return true;
        }

        @Override
        public long items() {
            return items;
        }
    }
}
