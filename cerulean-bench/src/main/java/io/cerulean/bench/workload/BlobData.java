package io.cerulean.bench.workload;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The bytes of the Blob workloads, deterministic so that what comes back can be checked. A small
 * blob is 1 KiB: a 16-byte header naming it, then a fixed pattern. A large blob ({@link LargeBlob})
 * is blocks of up to 4 MiB, each a 16-byte header naming the blob and the block, then the same
 * pattern: the pattern is one read-only direct buffer every upload shares, so an upload copies
 * nothing but the header.
 */
final class BlobData {
    static final int SMALL_BYTES = 1024;
    static final int HEADER_BYTES = 16;

    private static final byte[] SMALL_TAIL = pattern(SMALL_BYTES - HEADER_BYTES);
    private static final ByteBuf SMALL_TAIL_BUF = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(SMALL_TAIL));

    private BlobData() {
    }

    /** The block bodies' shared pattern, made on first use: only runs of B3 or B4 need its 4 MiB. */
    private static final class Large {
        static final ByteBuf TAIL = tail();

        private static ByteBuf tail() {
            byte[] bytes = pattern(LargeBlob.BLOCK_BYTES - HEADER_BYTES);
            return Unpooled.unreleasableBuffer(Unpooled.directBuffer(bytes.length).writeBytes(bytes));
        }
    }

    /** Byte {@code i} of the pattern that follows every header. */
    static byte patternByte(int i) {
        return (byte) ((i * 7) ^ (i >>> 8));
    }

    private static byte[] pattern(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = patternByte(i);
        }
        return bytes;
    }

    static String smallName(long n) {
        return "small-" + n;
    }

    static String largeName(long n) {
        return "large-" + n;
    }

    /** Small blob {@code n}'s header: "s" + 14 digits + newline. */
    static byte[] smallHeader(long n) {
        return String.format(Locale.ROOT, "s%014d\n", n).getBytes(StandardCharsets.US_ASCII);
    }

    /** Block {@code block} of large blob {@code n}'s header: 9 digits, ':', 5 digits, newline. */
    static byte[] blockHeader(long n, int block) {
        return String.format(Locale.ROOT, "%09d:%05d\n", n, block).getBytes(StandardCharsets.US_ASCII);
    }

    /** Small blob {@code n}'s body, in a buffer of its own. */
    static ByteBuf smallBody(ByteBufAllocator alloc, long n) {
        ByteBuf body = alloc.buffer(SMALL_BYTES);
        body.writeBytes(smallHeader(n));
        body.writeBytes(SMALL_TAIL);
        return body;
    }

    /** Whether {@code content} is exactly small blob {@code n}'s body. */
    static boolean isSmall(ByteBuf content, long n) {
        if (content.readableBytes() != SMALL_BYTES) {
            return false;
        }
        byte[] header = smallHeader(n);
        int at = content.readerIndex();
        return ByteBufUtil.equals(content, at, Unpooled.wrappedBuffer(header), 0, HEADER_BYTES)
                && ByteBufUtil.equals(content, at + HEADER_BYTES, SMALL_TAIL_BUF, 0, SMALL_TAIL.length);
    }

    /**
     * Block {@code block} of large blob {@code n}, {@code length} bytes (at most 4 MiB): its header,
     * then a view of the shared pattern.
     */
    static ByteBuf block(ByteBufAllocator alloc, long n, int block, int length) {
        ByteBuf header = alloc.directBuffer(HEADER_BYTES).writeBytes(blockHeader(n, block));
        CompositeByteBuf body = alloc.compositeDirectBuffer(2);
        return body.addComponents(true, header, Large.TAIL.slice(0, length - HEADER_BYTES));
    }

    /** The byte at {@code offset} of large blob {@code n}: blocks of 4 MiB, the last perhaps shorter. */
    static byte largeByte(long n, long offset) {
        int block = (int) (offset / LargeBlob.BLOCK_BYTES);
        int within = (int) (offset % LargeBlob.BLOCK_BYTES);
        return within < HEADER_BYTES ? blockHeader(n, block)[within] : patternByte(within - HEADER_BYTES);
    }

    /** Whether {@code content} holds large blob {@code n}'s bytes from {@code offset} on. */
    static boolean isLarge(ByteBuf content, long n, long offset) {
        for (int i = 0; i < content.readableBytes(); i++) {
            if (content.getByte(content.readerIndex() + i) != largeByte(n, offset + i)) {
                return false;
            }
        }
        return true;
    }
}
