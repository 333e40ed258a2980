package io.cerulean.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import org.junit.jupiter.api.Test;

class BlobDataTest {
    private final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;

    @Test
    void aSmallBlobIsOneKibibyteThatNamesItself() {
        ByteBuf body = BlobData.smallBody(alloc, 42);
        try {
            assertThat(body.readableBytes()).isEqualTo(1024);
            assertThat(BlobData.isSmall(body, 42)).isTrue();
            assertThat(BlobData.isSmall(body, 43)).isFalse();
            body.setByte(1000, body.getByte(1000) + 1);
            assertThat(BlobData.isSmall(body, 42)).as("a changed byte").isFalse();
        } finally {
            body.release();
        }
    }

    @Test
    void aBlockIsItsHeaderThenTheSharedPatternAndReleasingItLeavesThePatternIntact() {
        int blockBytes = LargeBlob.BLOCK_BYTES;
        ByteBuf first = BlobData.block(alloc, 7, 2, blockBytes);
        ByteBuf second = BlobData.block(alloc, 7, 3, blockBytes);
        try {
            assertThat(first.readableBytes()).isEqualTo(blockBytes);
            long offset = 2L * blockBytes;
            assertThat(BlobData.isLarge(first.slice(0, 64), 7, offset)).isTrue();
            assertThat(BlobData.isLarge(first.slice(blockBytes - 64, 64), 7,
                    offset + blockBytes - 64)).isTrue();
            assertThat(BlobData.isLarge(first.slice(0, 64), 8, offset)).isFalse();
            assertThat(ByteBufUtil.getBytes(first, 0, 16)).asString().isEqualTo("000000007:00002\n");
        } finally {
            first.release();
        }
        try {
            assertThat(BlobData.isLarge(second.slice(blockBytes - 64, 64), 7,
                    4L * blockBytes - 64)).as("the pattern survives another block's release").isTrue();
        } finally {
            second.release();
        }
    }

    @Test
    void aSingleShotBodyIsTheFirstBlockCutShort() {
        ByteBuf body = BlobData.block(alloc, 9, 0, 1024 * 1024);
        try {
            assertThat(body.readableBytes()).isEqualTo(1024 * 1024);
            assertThat(BlobData.isLarge(body, 9, 0)).isTrue();
        } finally {
            body.release();
        }
    }
}
