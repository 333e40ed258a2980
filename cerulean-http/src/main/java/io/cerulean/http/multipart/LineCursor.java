package io.cerulean.http.multipart;

import io.cerulean.common.text.ByteScan;
import java.nio.charset.StandardCharsets;

/**
 * Walks a byte range line by line. A line ends at LF; a CR right before it is not part of the
 * line, so CRLF and LF-only bodies read alike (contract 6.1: legacy clients send LF only).
 * Each byte is looked at a bounded number of times, whatever the input.
 */
public final class LineCursor {
    private final byte[] data;
    private final int limit;
    private int next;
    private int start;
    private int end;

    public LineCursor(byte[] data, int from, int limit) {
        this.data = data;
        this.next = from;
        this.limit = limit;
    }

    /** Moves to the next line; false when the range is exhausted. */
    public boolean advance() {
        if (next >= limit) {
            return false;
        }
        start = next;
        int i = indexOfNewline(data, start, limit);
        next = i < limit ? i + 1 : limit;
        end = i > start && data[i - 1] == '\r' ? i - 1 : i;
        return true;
    }

    /** The index of the first LF in {@code data[from, to)}, or {@code to} if there is none. */
    public static int indexOfNewline(byte[] data, int from, int to) {
        int i = ByteScan.indexOf(data, from, to, (byte) '\n');
        return i < 0 ? to : i;
    }

    /** Skips blank lines; false when only blank lines were left. The cursor then stands on the first non-blank one. */
    public boolean advanceToNonBlank() {
        while (advance()) {
            if (!blank()) {
                return true;
            }
        }
        return false;
    }

    /** Where the current line starts. */
    public int start() {
        return start;
    }

    /** Where the current line's content ends (its terminator excluded). */
    public int end() {
        return end;
    }

    /** Where the line after the current one starts. */
    public int next() {
        return next;
    }

    /** Whether the current line holds nothing but spaces and tabs. */
    public boolean blank() {
        for (int i = start; i < end; i++) {
            if (data[i] != ' ' && data[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    /** Whether the current line begins with {@code prefix}. */
    public boolean startsWith(byte[] prefix) {
        if (end - start < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (data[start + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** The current line as text (UTF-8; header lines are ASCII in practice). */
    public String text() {
        return new String(data, start, end - start, StandardCharsets.UTF_8);
    }

    /** The bytes the cursor walks; the current line is {@code data()[start(), end())}. */
    public byte[] data() {
        return data;
    }

    /** The index in {@link #data()} where {@code b} first occurs in the current line, or -1. */
    public int indexOf(byte b) {
        for (int i = start; i < end; i++) {
            if (data[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
