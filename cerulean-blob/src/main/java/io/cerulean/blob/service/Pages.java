package io.cerulean.blob.service;

import io.cerulean.blob.model.Segment;
import java.util.ArrayList;
import java.util.List;

/**
 * A page blob's bytes as segments that cover it end to end: runs of pages written (a range of a
 * content) and runs never written or cleared (zeros, no content). Writing pages replaces the part of
 * each run they cover; the rest of a run stays, naming the same content from another offset.
 * Pure functions; no I/O.
 */
public final class Pages {
    public static final int PAGE = 512;
    /** The largest page blob the service holds: 8 TiB. */
    public static final long MAX_SIZE = 8L << 40;

    private Pages() {
    }

    /** A range of written pages, both ends inclusive, as Get Page Ranges lists them. */
    public record PageRange(long first, long last) {
    }

    /** {@code segments} with {@code [offset, offset + piece.size())} replaced by {@code piece}. */
    static List<Segment> replace(List<Segment> segments, long offset, Segment piece) {
        long end = offset + piece.size();
        List<Segment> result = new ArrayList<>(segments.size() + 2);
        long position = 0;
        boolean placed = false;
        for (Segment segment : segments) {
            long segmentEnd = position + segment.size();
            if (segmentEnd <= offset || position >= end) {
                if (position >= end && !placed) {
                    result.add(piece);
                    placed = true;
                }
                result.add(segment);
            } else {
                if (position < offset) {
                    result.add(segment.first(offset - position));
                }
                if (!placed) {
                    result.add(piece);
                    placed = true;
                }
                if (segmentEnd > end) {
                    result.add(segment.from(end - position));
                }
            }
            position = segmentEnd;
        }
        if (!placed) {
            result.add(piece);
        }
        return mergeZeros(result);
    }

    /** {@code segments} of a blob of {@code size} bytes cut or grown (with zeros) to {@code newSize}. */
    static List<Segment> resize(List<Segment> segments, long size, long newSize) {
        if (newSize >= size) {
            List<Segment> grown = new ArrayList<>(segments);
            if (newSize > size) {
                grown.add(new Segment(null, null, newSize - size));
            }
            return mergeZeros(grown);
        }
        List<Segment> cut = new ArrayList<>();
        long position = 0;
        for (Segment segment : segments) {
            if (position >= newSize) {
                break;
            }
            cut.add(position + segment.size() <= newSize ? segment : segment.first(newSize - position));
            position += segment.size();
        }
        return cut;
    }

    /** The written pages of {@code segments} within {@code [from, to]}, adjacent runs merged. */
    public static List<PageRange> ranges(List<Segment> segments, long from, long to) {
        List<PageRange> ranges = new ArrayList<>();
        long position = 0;
        for (Segment segment : segments) {
            long first = Math.max(position, from);
            long last = Math.min(position + segment.size() - 1, to);
            if (segment.content() != null && first <= last) {
                PageRange previous = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
                if (previous != null && previous.last() + 1 == first) {
                    ranges.set(ranges.size() - 1, new PageRange(previous.first(), last));
                } else {
                    ranges.add(new PageRange(first, last));
                }
            }
            position += segment.size();
        }
        return ranges;
    }

    /** A run of pages changed ({@code cleared} false) or cleared since a previous snapshot, both ends inclusive. */
    public record DiffRange(long first, long last, boolean cleared) {
    }

    /**
     * The pages of {@code target} within {@code [from, to]} that differ from {@code previous} (a
     * snapshot of the same blob taken earlier), in order, adjacent runs of one kind merged: a page
     * holding bytes that are not the very bytes {@code previous} held there (another content, or the
     * same content from another offset) is changed, a page of zeros where {@code previous} held bytes
     * is cleared. Bytes are never compared: a page written again is changed whatever it holds, as in
     * Azure. Pages past the end of {@code previous} are compared with zeros.
     */
    public static List<DiffRange> diff(List<Segment> target, List<Segment> previous, long from, long to) {
        List<DiffRange> ranges = new ArrayList<>();
        int j = 0;
        long previousStart = 0;
        long targetStart = 0;
        for (Segment segment : target) {
            long targetEnd = targetStart + segment.size();
            long position = targetStart;
            while (position < targetEnd) {
                while (j < previous.size() && previousStart + previous.get(j).size() <= position) {
                    previousStart += previous.get(j).size();
                    j++;
                }
                Segment before = j < previous.size() ? previous.get(j) : null;
                long end = before == null ? targetEnd : Math.min(targetEnd, previousStart + before.size());
                boolean heldBefore = before != null && before.content() != null;
                if (segment.content() != null) {
                    boolean same = heldBefore && before.content().equals(segment.content())
                            && before.contentOffset() + (position - previousStart)
                            == segment.contentOffset() + (position - targetStart);
                    if (!same) {
                        addDiff(ranges, position, end - 1, false, from, to);
                    }
                } else if (heldBefore) {
                    addDiff(ranges, position, end - 1, true, from, to);
                }
                position = end;
            }
            targetStart = targetEnd;
        }
        return ranges;
    }

    private static void addDiff(List<DiffRange> ranges, long first, long last, boolean cleared, long from, long to) {
        first = Math.max(first, from);
        last = Math.min(last, to);
        if (first > last) {
            return;
        }
        DiffRange previous = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
        if (previous != null && previous.cleared() == cleared && previous.last() + 1 == first) {
            ranges.set(ranges.size() - 1, new DiffRange(previous.first(), last, cleared));
        } else {
            ranges.add(new DiffRange(first, last, cleared));
        }
    }

    private static List<Segment> mergeZeros(List<Segment> segments) {
        List<Segment> merged = new ArrayList<>(segments.size());
        for (Segment segment : segments) {
            if (segment.size() == 0) {
                continue;
            }
            Segment previous = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (previous != null && previous.content() == null && segment.content() == null) {
                merged.set(merged.size() - 1, new Segment(null, null, previous.size() + segment.size()));
            } else {
                merged.add(segment);
            }
        }
        return merged;
    }
}
