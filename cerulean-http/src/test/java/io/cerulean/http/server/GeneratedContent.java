package io.cerulean.http.server;

import io.cerulean.http.message.ResponseContent;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A response body made as it is read, never held: a pseudo-random pattern whose period (a prime)
 * is no multiple of any chunk size, so a chunk lost, repeated or reordered changes the digest. It
 * counts what the server read of it against what the client says it received, and may fail or end
 * early at a given byte, as a store might.
 */
final class GeneratedContent implements ResponseContent {
    private static final byte[] PERIOD = new byte[65_521];

    static {
        new Random(42).nextBytes(PERIOD);
    }

    private final long length;
    private final long failAt;
    private final long endAt;
    /** What the server has read so far. */
    final AtomicLong read = new AtomicLong();
    /** What the client has received so far, as the client reports it. */
    final AtomicLong received = new AtomicLong();
    /** The most bytes read but not yet received, seen at any read. */
    final AtomicLong peakAhead = new AtomicLong();
    final AtomicInteger closes = new AtomicInteger();
    final CountDownLatch closed = new CountDownLatch(1);
    private long position; // read by one thread at a time, as the contract says

    /**
     * @param failAt the read at this byte throws (-1: never)
     * @param endAt  the source ends here, short of {@code length} (-1: it does not)
     */
    GeneratedContent(long length, long failAt, long endAt) {
        this.length = length;
        this.failAt = failAt;
        this.endAt = endAt;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public int read(ByteBuffer target) {
        if (closes.get() > 0) {
            throw new AssertionError("read after close");
        }
        if (failAt >= 0 && position >= failAt) {
            throw new IllegalStateException("the store went away");
        }
        long end = endAt >= 0 ? endAt : length;
        if (position >= end) {
            return -1;
        }
        int n = (int) Math.min(Math.min(target.remaining(), end - position),
                failAt >= position ? failAt - position : Long.MAX_VALUE);
        n = fill(target, position, n);
        position += n;
        long total = read.addAndGet(n);
        peakAhead.accumulateAndGet(total - received.get(), Math::max);
        return n;
    }

    @Override
    public void close() {
        closes.incrementAndGet();
        closed.countDown();
    }

    /** Puts up to {@code n} bytes of the pattern from {@code offset} into {@code target}; returns how many. */
    private static int fill(ByteBuffer target, long offset, int n) {
        int done = 0;
        while (done < n) {
            int at = (int) ((offset + done) % PERIOD.length);
            int piece = Math.min(n - done, PERIOD.length - at);
            target.put(PERIOD, at, piece);
            done += piece;
        }
        return done;
    }

    /** The SHA-256 of the first {@code length} bytes of the pattern, in hex. */
    static String sha256(long length) {
        MessageDigest sha = sha256();
        ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
        for (long offset = 0; offset < length; ) {
            buffer.clear();
            int n = fill(buffer, offset, (int) Math.min(buffer.capacity(), length - offset));
            buffer.flip();
            sha.update(buffer);
            offset += n;
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
