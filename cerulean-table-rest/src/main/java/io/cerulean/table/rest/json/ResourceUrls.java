package io.cerulean.table.rest.json;

import java.nio.charset.StandardCharsets;

/**
 * The URLs the service writes (Location, DataServiceId, odata.id, odata.editLink): single quotes
 * in keys doubled; characters that may not stand in a URL path percent-encoded; {@code ' ( ) , =}
 * left literal, as the service does.
 */
public final class ResourceUrls {
    private ResourceUrls() {
    }

    /** {@code table(PartitionKey='pk',RowKey='rk')}, relative. */
    public static String entityPath(String table, String partitionKey, String rowKey) {
        return table + "(PartitionKey='" + encodeKey(partitionKey) + "',RowKey='" + encodeKey(rowKey) + "')";
    }

    /** {@code Tables('name')}, relative. */
    public static String tablePath(String table) {
        return "Tables('" + table + "')";
    }

    static String encodeKey(String key) {
        StringBuilder sb = new StringBuilder(key.length() + 8);
        byte[] utf8 = key.replace("'", "''").getBytes(StandardCharsets.UTF_8);
        for (byte b : utf8) {
            int c = b & 0xFF;
            if (c > 0x20 && c < 0x7F && c != '"' && c != '%' && c != '<' && c != '>' && c != '`' && c != '{'
                    && c != '}' && c != '|' && c != '^' && c != '[' && c != ']') {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return sb.toString();
    }
}
