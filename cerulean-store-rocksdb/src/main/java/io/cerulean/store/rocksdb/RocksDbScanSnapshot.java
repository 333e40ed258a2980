package io.cerulean.store.rocksdb;

import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.RecordSnapshot;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.Range;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.SizeApproximationFlag;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * One RocksDB snapshot of a space instance, whose cursors may be read on different threads. The
 * middle of a range is found by halving it in key space, by RocksDB's estimate of the bytes stored
 * in each part (from the table files' indexes and the memtables' statistics), and then taking the
 * first record at or after the key found.
 */
final class RocksDbScanSnapshot implements RecordSnapshot {
    /** Below this estimate a range is not worth splitting: it reads in about a millisecond. */
    static final long MIN_SPLIT_BYTES = 1L << 20;

    /**
     * Most halvings of the key space: each adds a bit to the middle key, and the search stops as soon
     * as the parts are within an eighth of each other.
     */
    private static final int HALVINGS = 48;

    private final RocksDbFiles files;
    private final ColumnFamilyHandle family;
    private final long instance;
    private final Snapshot snapshot;

    RocksDbScanSnapshot(RocksDbFiles files, ColumnFamilyHandle family, long instance) {
        this.files = files;
        this.family = family;
        this.instance = instance;
        this.snapshot = files.db().getSnapshot();
    }

    @Override
    public RecordCursor scan(RecordRange range) {
        return new RocksDbRecordCursor(files, family, instance, RecordLayout.lowerKey(instance, range.lower()),
                RecordLayout.upperKeyExclusive(instance, range.upper()), snapshot);
    }

    @Override
    public Optional<RecordKey> middle(RecordRange range) {
        byte[] lower = RecordLayout.lowerKey(instance, range.lower());
        byte[] upper = RecordLayout.upperKeyExclusive(instance, range.upper());
        long total = storedBytes(lower, upper);
        if (total < MIN_SPLIT_BYTES) {
            return Optional.empty();
        }
        try (Slice lowerBound = new Slice(lower);
             Slice upperBound = new Slice(upper);
             ReadOptions options = new ReadOptions().setSnapshot(snapshot).setIterateLowerBound(lowerBound)
                     .setIterateUpperBound(upperBound);
             RocksIterator iterator = files.db().newIterator(family, options)) {
            iterator.seekToFirst();
            if (!iterator.isValid()) {
                iterator.status();
                return Optional.empty();
            }
            byte[] first = iterator.key();
            iterator.seekToLast();
            byte[] last = iterator.key();
            // Halving between the range's first and last keys rather than its bounds skips the
            // prefix they share (the instance, often the partition), where no split can fall.
            byte[] below = first;
            byte[] above = last;
            for (int i = 0; i < HALVINGS && Arrays.compareUnsigned(below, above) < 0; i++) {
                byte[] halfway = halfway(below, above);
                if (Arrays.compareUnsigned(halfway, above) >= 0) {
                    break; // above is below followed by zero bytes: nothing lies between them
                }
                long before = storedBytes(lower, halfway);
                if (Math.abs(before - total / 2) <= total / 16) {
                    above = halfway;
                    break;
                }
                if (before < total / 2) {
                    below = halfway;
                } else {
                    above = halfway;
                }
            }
            iterator.seek(above);
            if (!iterator.isValid()) {
                iterator.status();
                return Optional.empty();
            }
            byte[] found = iterator.key();
            if (Arrays.equals(found, first)) {
                return Optional.empty();
            }
            int separator = RecordLayout.separatorIndex(found, found.length);
            return Optional.of(new RecordKey(Arrays.copyOfRange(found, RecordLayout.INSTANCE_BYTES, separator),
                    Arrays.copyOfRange(found, separator + 1, found.length)));
        } catch (RocksDBException e) {
            throw new StoreException("splitting a scan", e);
        }
    }

    private long storedBytes(byte[] from, byte[] to) {
        try (Slice start = new Slice(from); Slice limit = new Slice(to)) {
            return files.db().getApproximateSizes(family, List.of(new Range(start, limit)),
                    SizeApproximationFlag.INCLUDE_FILES, SizeApproximationFlag.INCLUDE_MEMTABLES)[0];
        }
    }

    /**
     * The key halfway between {@code a} and {@code b} ({@code a < b}) in unsigned byte order: both
     * read as fractions in base 256, padded with a zero byte so that the halving is exact. When
     * {@code b} is {@code a} followed by zero bytes (the same fraction), it is not below {@code b}.
     */
    static byte[] halfway(byte[] a, byte[] b) {
        int length = Math.max(a.length, b.length) + 1;
        BigInteger sum = new BigInteger(1, Arrays.copyOf(a, length)).add(new BigInteger(1, Arrays.copyOf(b, length)));
        byte[] half = sum.shiftRight(1).toByteArray();
        byte[] key = new byte[length];
        int copied = Math.min(half.length, length);
        System.arraycopy(half, half.length - copied, key, length - copied, copied);
        return key;
    }

    @Override
    public void close() {
        files.db().releaseSnapshot(snapshot);
        snapshot.close();
    }
}
