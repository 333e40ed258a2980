package io.cerulean.bench.workload;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Base64;
import java.util.UUID;

/**
 * The bench's entities, a pure function of (kind, partition, row), so that any phase can tell
 * what a stored entity holds and which rows a filter must return without keeping them. Each has
 * ten typed properties (String, Int32, Int64, Double, Boolean, DateTime, Guid, Binary) and a
 * Description padding its JSON to the target size. Thread-safe.
 *
 * <p>Keys: {@code PartitionKey = kind + 3 digits} ({@code p042}), {@code RowKey = "r" + 7 digits},
 * so key order is numeric order. {@code Age} is uniform in 0..99: a filter {@code Age gt 30}
 * keeps about 69 %, {@code Age eq 42} about 1 %.
 */
public final class EntityFactory {
    /** W1's entities, spread over 100 partitions. */
    public static final char POINT = 'p';
    /** W3's entities, which W4, W5, W6 and W8 read. */
    public static final char BIG = 'b';
    /** Warm-up entities, in a table of their own that is deleted before any timed phase. */
    public static final char WARM = 'w';

    private static final String[] CITIES = {"Amsterdam", "Bergen", "Cork", "Delft", "Espoo", "Faro", "Graz",
        "Hamburg", "Ithaca", "Jena", "Kaunas", "Lyon", "Malmo", "Nantes", "Oulu", "Porto"};
    private static final byte[] FILLER;
    private static final byte[] DESCRIPTION_FIELD = ",\"Description\":\"".getBytes(StandardCharsets.US_ASCII);

    static {
        String words = "the quick brown fox jumps over the lazy dog while five boxing wizards jump quickly ";
        StringBuilder filler = new StringBuilder();
        while (filler.length() < 70_000) {
            filler.append(words);
        }
        FILLER = filler.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private final int targetBytes;

    /** @param targetBytes the JSON size of each entity; smaller than the fixed fields means no padding */
    public EntityFactory(int targetBytes) {
        if (targetBytes > 64_000) {
            throw new IllegalArgumentException("entities are at most 64,000 bytes here: " + targetBytes);
        }
        this.targetBytes = targetBytes;
    }

    public static String partitionKey(char kind, int partition) {
        return kind + pad(partition, 3);
    }

    public static String rowKey(int row) {
        return "r" + pad(row, 7);
    }

    public static int age(char kind, int partition, int row) {
        return (int) Long.remainderUnsigned(seed(kind, partition, row), 100);
    }

    /** Writes the entity's JSON (ASCII, with type annotations, as an SDK sends it) to {@code out}. */
    public void writeJson(ByteBuf out, char kind, int partition, int row) {
        long h = seed(kind, partition, row);
        int start = out.writerIndex();
        ascii(out, "{\"PartitionKey\":\"");
        ascii(out, partitionKey(kind, partition));
        ascii(out, "\",\"RowKey\":\"");
        ascii(out, rowKey(row));
        ascii(out, "\",\"Name\":\"name ");
        ascii(out, Long.toHexString(mix(h + 3)));
        ascii(out, "\",\"Age\":");
        ascii(out, Integer.toString((int) Long.remainderUnsigned(h, 100)));
        ascii(out, ",\"Big@odata.type\":\"Edm.Int64\",\"Big\":\"");
        ascii(out, Long.toString((h >>> 2) | 0x1_0000_0000L));   // always beyond Int32
        ascii(out, "\",\"Score@odata.type\":\"Edm.Double\",\"Score\":");
        ascii(out, Long.toString(Long.remainderUnsigned(h >>> 7, 100_000)));
        ascii(out, ".5");   // a fraction, so the value reads back as a Double; exact in binary
        ascii(out, ",\"Active\":");
        ascii(out, ((h >>> 20) & 1) == 0 ? "true" : "false");
        ascii(out, ",\"Created@odata.type\":\"Edm.DateTime\",\"Created\":\"");
        writeInstant(out, 1_400_000_000L + Long.remainderUnsigned(h >>> 13, 400_000_000L));
        ascii(out, "\",\"Id@odata.type\":\"Edm.Guid\",\"Id\":\"");
        ascii(out, new UUID(mix(h + 1), mix(h + 2)).toString());
        ascii(out, "\",\"Blob@odata.type\":\"Edm.Binary\",\"Blob\":\"");
        ascii(out, Base64.getEncoder().encodeToString(blob(h)));
        ascii(out, "\",\"City\":\"");
        ascii(out, CITIES[(int) ((h >>> 40) & 15)]);
        out.writeByte('"');
        out.writeBytes(DESCRIPTION_FIELD);
        int written = out.writerIndex() - start;
        int padding = Math.max(0, targetBytes - written - 2);
        out.writeBytes(FILLER, (int) Long.remainderUnsigned(h >>> 24, 4096), padding);
        out.writeByte('"');
        out.writeByte('}');
    }

    /**
     * {@code yyyy-MM-ddTHH:mm:ssZ} for whole seconds: what {@code Instant.toString()} writes, without
     * its formatter, which costs more than the rest of the entity.
     */
    static void writeInstant(ByteBuf out, long epochSecond) {
        LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(epochSecond, 86_400L));
        int second = (int) Math.floorMod(epochSecond, 86_400L);
        digits(out, day.getYear(), 4);
        out.writeByte('-');
        digits(out, day.getMonthValue(), 2);
        out.writeByte('-');
        digits(out, day.getDayOfMonth(), 2);
        out.writeByte('T');
        digits(out, second / 3600, 2);
        out.writeByte(':');
        digits(out, second / 60 % 60, 2);
        out.writeByte(':');
        digits(out, second % 60, 2);
        out.writeByte('Z');
    }

    private static void digits(ByteBuf out, int value, int width) {
        for (int divisor = width == 4 ? 1000 : 10; divisor > 0; divisor /= 10) {
            out.writeByte('0' + value / divisor % 10);
        }
    }

    private static byte[] blob(long h) {
        byte[] bytes = new byte[96];
        long x = h;
        for (int i = 0; i < bytes.length; i += 8) {
            x = mix(x);
            for (int j = 0; j < 8; j++) {
                bytes[i + j] = (byte) (x >>> (8 * j));
            }
        }
        return bytes;
    }

    private static void ascii(ByteBuf out, String s) {
        out.writeCharSequence(s, StandardCharsets.US_ASCII);
    }

    private static long seed(char kind, int partition, int row) {
        return mix(kind * 0x1_0000_0000_0000L + partition * 0x1_0000_0000L + row);
    }

    /** splitmix64's finaliser: consecutive inputs give unrelated outputs. */
    static long mix(long z) {
        z += 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    private static String pad(int value, int width) {
        String digits = Integer.toString(value);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }
}
