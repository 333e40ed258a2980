package io.cerulean.bench.workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The shape of B3's and B4's blobs, as the SDKs upload a file of that size: up to 4 MiB in one
 * Put Blob, larger ones as Put Block of 4 MiB blocks, one after the other, then Put Block List.
 *
 * @param bytes    the blob's length: 1 MiB to 4 MiB, or a multiple of 4 MiB up to 16 GiB
 * @param blockIds the ids of its blocks, in order; empty for a single-shot blob
 */
public record LargeBlob(long bytes, List<String> blockIds) {
    static final int BLOCK_BYTES = 4 * 1024 * 1024;
    private static final long MIB = 1024 * 1024;
    private static final long MOST_BYTES = 16L * 1024 * MIB;

    public LargeBlob {
        blockIds = List.copyOf(blockIds);
    }

    /**
     * @throws IllegalArgumentException when no upload of the SDKs' defaults has that shape here:
     *                                  below 1 MiB, above 16 GiB, or above 4 MiB and not whole blocks
     */
    public static LargeBlob ofMebibytes(long mebibytes) {
        long bytes = mebibytes * MIB; // checked before it is used: no size that overflows is in range
        if (mebibytes < 1 || mebibytes > MOST_BYTES / MIB || (bytes > BLOCK_BYTES && bytes % BLOCK_BYTES != 0)) {
            throw new IllegalArgumentException("a large blob is 1 to 4 MiB, or a multiple of 4 MiB up to 16,384 MiB: "
                    + mebibytes + " MiB");
        }
        return new LargeBlob(bytes, bytes <= BLOCK_BYTES ? List.of() : blockIds((int) (bytes / BLOCK_BYTES)));
    }

    /** Whether it goes up in one Put Blob. */
    public boolean singleShot() {
        return blockIds.isEmpty();
    }

    /** Its Put Block requests (0 for a single shot). */
    public int blocks() {
        return blockIds.size();
    }

    /** Length of each of its blocks; for a single shot, of its one body. */
    public int blockBytes() {
        return singleShot() ? (int) bytes : BLOCK_BYTES;
    }

    /** "64 MiB", "1 GiB": for titles and checks. */
    public String label() {
        return bytes % (1024 * MIB) == 0 ? bytes / (1024 * MIB) + " GiB" : bytes / MIB + " MiB";
    }

    /** How it is uploaded, for titles: "in 4 MiB blocks" or "in one Put Blob". */
    public String how() {
        return singleShot() ? "one Put Blob" : (BLOCK_BYTES / MIB) + " MiB blocks";
    }

    /** Block {@code i}'s id: Base64 of "block-" and five digits, so every id has the same length. */
    static List<String> blockIds(int count) {
        List<String> ids = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ids.add(Base64.getEncoder().encodeToString(String.format(Locale.ROOT, "block-%05d", i)
                    .getBytes(StandardCharsets.US_ASCII)));
        }
        return ids;
    }
}
