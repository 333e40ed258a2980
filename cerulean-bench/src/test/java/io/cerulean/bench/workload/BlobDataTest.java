package io.cerulean.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.util.Base64;
import java.util.List;
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
    void blockIdsAreBase64OfOneLength() {
        List<String> ids = BlobData.blockIds();
        assertThat(ids).hasSize(BlobData.BLOCKS).doesNotHaveDuplicates();
        assertThat(ids).allSatisfy(id -> assertThat(id).hasSize(ids.get(0).length()));
        assertThat(new String(Base64.getDecoder().decode(ids.get(15)))).isEqualTo("block-00015");
        assertThat(BlobData.blockId(3)).isEqualTo(ids.get(3));
    }

    @Test
    void aBlockIsItsHeaderThenTheSharedPatternAndReleasingItLeavesThePatternIntact() {
        ByteBuf first = BlobData.block(alloc, 7, 2);
        ByteBuf second = BlobData.block(alloc, 7, 3);
        try {
            assertThat(first.readableBytes()).isEqualTo(BlobData.BLOCK_BYTES);
            long offset = 2L * BlobData.BLOCK_BYTES;
            assertThat(BlobData.isLarge(first.slice(0, 64), 7, offset)).isTrue();
            assertThat(BlobData.isLarge(first.slice(BlobData.BLOCK_BYTES - 64, 64), 7,
                    offset + BlobData.BLOCK_BYTES - 64)).isTrue();
            assertThat(BlobData.isLarge(first.slice(0, 64), 8, offset)).isFalse();
            assertThat(ByteBufUtil.getBytes(first, 0, 16)).asString().isEqualTo("000000007:00002\n");
        } finally {
            first.release();
        }
        try {
            assertThat(BlobData.isLarge(second.slice(BlobData.BLOCK_BYTES - 64, 64), 7,
                    4L * BlobData.BLOCK_BYTES - 64)).as("the pattern survives another block's release").isTrue();
        } finally {
            second.release();
        }
        assertThat(BlobData.LARGE_BYTES).isEqualTo(64L * 1024 * 1024);
    }
}
