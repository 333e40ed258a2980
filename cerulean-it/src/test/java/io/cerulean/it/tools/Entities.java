package io.cerulean.it.tools;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;

/** Entities holding every EDM type at its edges, and a way to compare tables' contents. */
final class Entities {
    private Entities() {
    }

    static List<TableEntity> everyType() {
        byte[] large = new byte[60 * 1024];
        new Random(7).nextBytes(large);
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("Empty", "");
        all.put("Quotes", "she said \"hi\", 'twice'");
        all.put("Newlines", "one\ntwo\r\nthree\r");
        all.put("Commas", "a,b,,c,");
        all.put("NonBmp", "smile \uD83D\uDE00 clef \uD834\uDD1E");
        all.put("Controls", "nul-free \u0001\u0007\u001f tab\t end");
        all.put("Unicode", "Grüße, Здравствуйте, こんにちは");
        all.put("LooksLikeNumber", "12345");
        all.put("Int32Min", Integer.MIN_VALUE);
        all.put("Int32Max", Integer.MAX_VALUE);
        all.put("Int32Zero", 0);
        all.put("Int64Beyond53", 9_007_199_254_740_993L);
        all.put("Int64Min", Long.MIN_VALUE);
        all.put("Int64Max", Long.MAX_VALUE);
        all.put("Int64Small", 5L);
        // The SDK writes these as strings, without their type, unless told it.
        all.put("DoubleNaN", Double.NaN);
        all.put("DoubleNaN@odata.type", "Edm.Double");
        all.put("DoubleInfinity", Double.POSITIVE_INFINITY);
        all.put("DoubleInfinity@odata.type", "Edm.Double");
        all.put("DoubleNegInfinity", Double.NEGATIVE_INFINITY);
        all.put("DoubleNegInfinity@odata.type", "Edm.Double");
        all.put("DoubleNegZero", -0.0);
        all.put("DoubleSmallest", 5e-324);
        all.put("DoubleIntegral", 20.0);
        all.put("DoubleHuge", 1e308);
        all.put("DoublePi", Math.PI);
        all.put("DateTicks", OffsetDateTime.parse("2021-10-15T16:13:10.7791241Z"));
        all.put("DateBefore1970", OffsetDateTime.parse("1969-07-20T20:17:40.0000001Z"));
        all.put("DateEarliest", OffsetDateTime.parse("1601-01-01T00:00:00Z"));
        all.put("Guid", UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34"));
        all.put("BinaryEmpty", new byte[0]);
        all.put("BinaryLarge", large);
        all.put("True", true);
        all.put("False", false);
        TableEntity full = new TableEntity("partition,\"one\"", "row 1").setProperties(all);
        TableEntity sparse = new TableEntity("partition,\"one\"", "row 2").addProperty("Int32Max", 1)
                .addProperty("Only", "here");
        TableEntity bare = new TableEntity("partition two", "").addProperty("Empty", "not empty");
        TableEntity keysOnly = new TableEntity("partition two", "\uD83D\uDE00 row");
        return List.of(full, sparse, bare, keysOnly);
    }

    /** The table's entities as comparable values: keys and properties (binary as base64), no Timestamp. */
    static Map<String, Map<String, Object>> contents(TableClient table) {
        Map<String, Map<String, Object>> contents = new TreeMap<>();
        for (TableEntity entity : table.listEntities()) {
            contents.put(entity.getPartitionKey() + "|" + entity.getRowKey(), comparable(entity));
        }
        return contents;
    }

    private static String digest(byte[] bytes) {
        try {
            return bytes.length + ":" + Base64.getEncoder().encodeToString(
                    java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, Object> comparable(TableEntity entity) {
        Map<String, Object> properties = new TreeMap<>();
        entity.getProperties().forEach((name, value) -> {
            if (!name.equals("Timestamp") && !name.startsWith("odata.") && !name.endsWith("@odata.type")
                    && !name.equals("PartitionKey") && !name.equals("RowKey")) {
                properties.put(name, value instanceof byte[] bytes ? "binary:" + digest(bytes)
                        : value instanceof Double d ? "double:" + Double.doubleToRawLongBits(d)
                        : value.getClass().getSimpleName() + ":" + value);
            }
        });
        return properties;
    }
}
