package io.cerulean.table.rest.json;

import com.fasterxml.jackson.core.io.NumberOutput;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.ETag;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON as UTF-8 bytes in one growing array: objects, arrays, and the kinds of value an entity is
 * made of, each value taken in its plain form (a number, ticks, UTF-8 bytes) and written straight
 * into the array. Query pages are most of what Cerulean writes; with a general generator in
 * between, each of a page's values became an object and went through the generator's checks.
 *
 * <p>The output is byte for byte what Jackson's generator writes for the same values (the tests
 * compare them), so that clients see no difference:
 * <ul>
 * <li>in a string, {@code "} and {@code \} are escaped with a backslash, {@code \b \t \n \f \r} by
 * name and other control characters as <code>&#92;u00XX</code> (upper-case hex); a String's surrogate chars
 * as <code>&#92;uXXXX</code> each, paired or not; everything else is UTF-8 as it is;</li>
 * <li>a double as Jackson's fast writer writes it ({@code 20.0}, {@code 1.0E-5}).</li>
 * </ul>
 *
 * <p>Commas are placed by the output: a value, an object or an array that follows another in the
 * same container gets one. The caller keeps the structure well formed. Not thread-safe.
 */
final class JsonOutput {
    private static final byte[] HEX_UPPER = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX_LOWER = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);
    /** The most bytes one char of a String becomes: <code>&#92;u00XX</code> or an escaped surrogate. */
    private static final int MAX_BYTES_PER_CHAR = 6;
    /**
     * For each ASCII char: 0 where it is written as it is, -1 for <code>&#92;u00XX</code>, otherwise the
     * char written after a backslash.
     */
    private static final byte[] ESCAPES = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = -1;
        }
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\n'] = 'n';
        ESCAPES['\f'] = 'f';
        ESCAPES['\r'] = 'r';
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    /** Each pair of Base64 digits for twelve bits, at twice their value. */
    private static final byte[] BASE64_PAIRS = new byte[2 * 4096];

    static {
        for (int bits = 0; bits < 4096; bits++) {
            BASE64_PAIRS[2 * bits] = BASE64[bits >>> 6];
            BASE64_PAIRS[2 * bits + 1] = BASE64[bits & 0x3F];
        }
    }

    private static final int GROW_BY_HALF_FROM = 1 << 20;

    private byte[] buf;
    private int pos;
    /**
     * The DateTime and the ETag written last, in ticks and as text: the entities a transaction
     * wrote share their Timestamp, and a page of them repeats it entity after entity. A length of
     * 0 means none yet.
     */
    private long lastDateTime;
    private final byte[] lastDateTimeText = new byte[DateTimes.MAX_WRITTEN_LENGTH];
    private int lastDateTimeLength;
    private long lastEtag;
    private final byte[] lastEtagText = new byte[ETag.MAX_WRITTEN_LENGTH];
    private int lastEtagLength;
    /** Whether what comes next follows a value in the same container. */
    private boolean afterValue;

    JsonOutput(int capacity) {
        buf = new byte[capacity];
    }

    /** A field name in its written form, {@code "name":}, made once and written many times. */
    static byte[] fieldName(String name) {
        JsonOutput out = new JsonOutput(name.length() * MAX_BYTES_PER_CHAR + 3);
        out.string(name);
        out.buf[out.pos++] = ':';
        return out.toByteArray();
    }

    /** A string in its written form, made once and written many times. */
    static byte[] writtenString(String value) {
        JsonOutput out = new JsonOutput(value.length() * MAX_BYTES_PER_CHAR + 2);
        out.string(value);
        return out.toByteArray();
    }

    int size() {
        return pos;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    /** What was written, in the output's own array; nothing more may be written. */
    ByteBuffer written() {
        ByteBuffer written = ByteBuffer.wrap(buf, 0, pos);
        buf = null;
        return written;
    }

    void startObject() {
        separate(1);
        buf[pos++] = '{';
        afterValue = false;
    }

    void endObject() {
        ensure(1);
        buf[pos++] = '}';
        afterValue = true;
    }

    void startArray() {
        separate(1);
        buf[pos++] = '[';
        afterValue = false;
    }

    void endArray() {
        ensure(1);
        buf[pos++] = ']';
        afterValue = true;
    }

    /** A field's name as {@link #fieldName} made it; its value comes next. */
    void field(byte[] writtenName) {
        separate(writtenName.length);
        System.arraycopy(writtenName, 0, buf, pos, writtenName.length);
        pos += writtenName.length;
        afterValue = false;
    }

    void string(String value) {
        int length = value.length();
        separate(length * MAX_BYTES_PER_CHAR + 2);
        buf[pos++] = '"';
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                byte escape = ESCAPES[c];
                if (escape == 0) {
                    buf[pos++] = (byte) c;
                } else {
                    escape(c, escape);
                }
            } else if (c < 0x800) {
                buf[pos++] = (byte) (0xC0 | (c >> 6));
                buf[pos++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                unicodeEscape(c);
            } else {
                buf[pos++] = (byte) (0xE0 | (c >> 12));
                buf[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                buf[pos++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        buf[pos++] = '"';
        afterValue = true;
    }

    /**
     * A string given as {@code length} bytes of well-formed UTF-8 at {@code offset} (a store's
     * text, never decoded). Most such text has nothing to escape: that is checked eight bytes at a
     * time and the bytes copied as they are.
     */
    void utf8String(byte[] utf8, int offset, int length) {
        if (isPlain(utf8, offset, length)) {
            separate(length + 2);
            buf[pos++] = '"';
            System.arraycopy(utf8, offset, buf, pos, length);
            pos += length;
        } else {
            separate(length * MAX_BYTES_PER_CHAR + 2);
            buf[pos++] = '"';
            for (int i = offset, end = offset + length; i < end; i++) {
                byte b = utf8[i];
                byte escape = b >= 0 ? ESCAPES[b] : 0;
                if (escape == 0) {
                    buf[pos++] = b; // bytes of characters beyond ASCII go as they are
                } else {
                    escape((char) b, escape);
                }
            }
        }
        buf[pos++] = '"';
        afterValue = true;
    }

    void number(int value) {
        separate(11);
        pos = NumberOutput.outputInt(value, buf, pos);
        afterValue = true;
    }

    /** A finite double; see the class comment. */
    void number(double value) {
        ascii(NumberOutput.toString(value, true));
    }

    /** A long as a JSON string of its digits, as Int64 values go on the wire. */
    void quotedNumber(long value) {
        separate(22);
        buf[pos++] = '"';
        pos = NumberOutput.outputLong(value, buf, pos);
        buf[pos++] = '"';
        afterValue = true;
    }

    void bool(boolean value) {
        writtenValue(value ? TRUE : FALSE);
    }

    void nullValue() {
        writtenValue(NULL);
    }

    /** A DateTime given as ticks, as a string in the wire form ({@link DateTimes#write}). */
    void dateTime(long epochTicks) {
        separate(DateTimes.MAX_WRITTEN_LENGTH + 2);
        buf[pos++] = '"';
        pos = dateTimeAt(epochTicks, pos);
        buf[pos++] = '"';
        afterValue = true;
    }

    /** The ETag of an entity whose Timestamp is {@code epochTicks}, as a string ({@link ETag#write}). */
    void etag(long epochTicks) {
        if (epochTicks != lastEtag || lastEtagLength == 0) {
            lastEtagLength = ETag.write(epochTicks, lastEtagText, 0);
            lastEtag = epochTicks;
        }
        utf8String(lastEtagText, 0, lastEtagLength);
    }

    /** Writes a DateTime's wire form at {@code at}, room made, and returns the index after it. */
    private int dateTimeAt(long epochTicks, int at) {
        if (epochTicks != lastDateTime || lastDateTimeLength == 0) {
            lastDateTimeLength = DateTimes.write(epochTicks, lastDateTimeText, 0);
            lastDateTime = epochTicks;
        }
        System.arraycopy(lastDateTimeText, 0, buf, at, lastDateTimeLength);
        return at + lastDateTimeLength;
    }

    /** A Guid from the two halves of a {@link java.util.UUID}, as its lower-case string. */
    void guid(long mostSignificantBits, long leastSignificantBits) {
        separate(38);
        buf[pos++] = '"';
        hex(mostSignificantBits >>> 32, 8);
        buf[pos++] = '-';
        hex(mostSignificantBits >>> 16, 4);
        buf[pos++] = '-';
        hex(mostSignificantBits, 4);
        buf[pos++] = '-';
        hex(leastSignificantBits >>> 48, 4);
        buf[pos++] = '-';
        hex(leastSignificantBits, 12);
        buf[pos++] = '"';
        afterValue = true;
    }

    /** Binary as a string in standard Base64 with padding, as Binary values go on the wire. */
    void base64(byte[] bytes, int offset, int length) {
        separate((length + 2) / 3 * 4 + 2);
        buf[pos++] = '"';
        int end = offset + length;
        int i = offset;
        for (; i + 3 <= end; i += 3) {
            int bits = (bytes[i] & 0xFF) << 16 | (bytes[i + 1] & 0xFF) << 8 | (bytes[i + 2] & 0xFF);
            int high = 2 * (bits >>> 12);
            int low = 2 * (bits & 0xFFF);
            buf[pos] = BASE64_PAIRS[high];
            buf[pos + 1] = BASE64_PAIRS[high + 1];
            buf[pos + 2] = BASE64_PAIRS[low];
            buf[pos + 3] = BASE64_PAIRS[low + 1];
            pos += 4;
        }
        if (i < end) {
            int bits = (bytes[i] & 0xFF) << 16 | (i + 1 < end ? (bytes[i + 1] & 0xFF) << 8 : 0);
            buf[pos++] = BASE64[bits >>> 18];
            buf[pos++] = BASE64[(bits >>> 12) & 0x3F];
            buf[pos++] = i + 1 < end ? BASE64[(bits >>> 6) & 0x3F] : (byte) '=';
            buf[pos++] = '=';
        }
        buf[pos++] = '"';
        afterValue = true;
    }

    /** ASCII text that needs no escaping, written as it is: a number, a literal. */
    private void ascii(String text) {
        int length = text.length();
        separate(length);
        for (int i = 0; i < length; i++) {
            buf[pos++] = (byte) text.charAt(i);
        }
        afterValue = true;
    }

    /** A value already in its written form, such as a string {@link #writtenString} made once. */
    void writtenValue(byte[] value) {
        separate(value.length);
        System.arraycopy(value, 0, buf, pos, value.length);
        pos += value.length;
        afterValue = true;
    }

    private void escape(char c, byte escape) {
        if (escape > 0) {
            buf[pos++] = '\\';
            buf[pos++] = escape;
        } else {
            unicodeEscape(c);
        }
    }

    private void unicodeEscape(char c) {
        buf[pos++] = '\\';
        buf[pos++] = 'u';
        buf[pos++] = HEX_UPPER[c >> 12];
        buf[pos++] = HEX_UPPER[(c >> 8) & 0xF];
        buf[pos++] = HEX_UPPER[(c >> 4) & 0xF];
        buf[pos++] = HEX_UPPER[c & 0xF];
    }

    /** The low {@code digits} hex digits of {@code value}, lower case. */
    private void hex(long value, int digits) {
        for (int i = digits - 1; i >= 0; i--) {
            buf[pos + i] = HEX_LOWER[(int) (value & 0xF)];
            value >>>= 4;
        }
        pos += digits;
    }

    /** Room for a comma and {@code bytes} more, and the comma where one is due. */
    private void separate(int bytes) {
        ensure(bytes + 1);
        if (afterValue) {
            buf[pos++] = ',';
        }
    }

    /**
     * Room for {@code bytes} more. Past a megabyte the array grows by half rather than doubling:
     * a page is sent from it as it is, spare room and all, and a page of 4 MiB would otherwise
     * hold 8.
     */
    private void ensure(int bytes) {
        if (buf.length - pos < bytes) {
            int grown = buf.length < GROW_BY_HALF_FROM ? buf.length * 2 : buf.length + buf.length / 2;
            buf = Arrays.copyOf(buf, Math.max(grown, pos + bytes));
        }
    }

    /**
     * Whether UTF-8 bytes can be written as they are: no byte below 0x20, no {@code "}, no
     * {@code \}. Bytes at or above 0x80 pass: each eight-byte test is exact as a whole (a borrow
     * only follows a byte that was found).
     */
    static boolean isPlain(byte[] bytes, int offset, int length) {
        int i = offset;
        int end = offset + length;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            long x = (long) LONGS.get(bytes, i);
            long quotes = x ^ 0x2222222222222222L;
            long backslashes = x ^ 0x5C5C5C5C5C5C5C5CL;
            // The high bit of a byte is set where it is below 0x20 or zero after an XOR.
            long found = ((x - 0x2020202020202020L) & ~x)
                    | ((quotes - ONES) & ~quotes)
                    | ((backslashes - ONES) & ~backslashes);
            if ((found & HIGH_BITS) != 0) {
                return false;
            }
        }
        for (; i < end; i++) {
            byte b = bytes[i];
            if (b >= 0 && ESCAPES[b] != 0) {
                return false;
            }
        }
        return true;
    }
}
