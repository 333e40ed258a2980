package io.cerulean.bench.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;

/**
 * Reads the pages of one entity query ({@code {"value":[{...},...]}} without metadata) as they
 * arrive, keeping what the bench checks across pages: the row count, the largest page, rows out
 * of (PartitionKey, RowKey) order, and optionally rows whose {@code Age} is not the one filtered
 * for. Streaming, so a 1,000-row page costs no tree. Not thread-safe: one query, one reader.
 */
public final class PageReader {
    private static final JsonFactory JSON = new JsonFactory();
    /** No Age expected. */
    public static final int ANY_AGE = Integer.MIN_VALUE;

    private final int expectedAge;
    private long rows;
    private long pages;
    private long largestPage;
    private long outOfOrder;
    private long wrongAge;
    private String lastPartition;
    private String lastRow;
    private String firstKey;

    public PageReader(int expectedAge) {
        this.expectedAge = expectedAge;
    }

    public PageReader() {
        this(ANY_AGE);
    }

    /** Reads one page body. @throws IOException when it is not the JSON of an entity page */
    public void read(ByteBuf body) throws IOException {
        long inPage = 0;
        try (JsonParser parser = JSON.createParser((java.io.InputStream) new ByteBufInputStream(body.duplicate()))) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("page is not a JSON object");
            }
            boolean sawValue = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken token = parser.nextToken();
                if (field.equals("value") && token == JsonToken.START_ARRAY) {
                    sawValue = true;
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        readRow(parser);
                        inPage++;
                    }
                } else {
                    parser.skipChildren();
                }
            }
            if (!sawValue) {
                throw new IOException("page has no \"value\" array");
            }
        }
        pages++;
        rows += inPage;
        largestPage = Math.max(largestPage, inPage);
    }

    private void readRow(JsonParser parser) throws IOException {
        String partition = null;
        String row = null;
        int age = ANY_AGE;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken token = parser.nextToken();
            switch (field) {
                case "PartitionKey" -> partition = parser.getText();
                case "RowKey" -> row = parser.getText();
                case "Age" -> age = token == JsonToken.VALUE_NUMBER_INT ? parser.getIntValue() : ANY_AGE + 1;
                default -> parser.skipChildren();
            }
        }
        if (partition == null || row == null) {
            throw new IOException("a row without PartitionKey or RowKey");
        }
        if (lastPartition != null) {
            int c = lastPartition.compareTo(partition);
            if (c > 0 || (c == 0 && lastRow.compareTo(row) >= 0)) {
                outOfOrder++;
            }
        } else {
            firstKey = partition + "/" + row;
        }
        lastPartition = partition;
        lastRow = row;
        if (expectedAge != ANY_AGE && age != expectedAge) {
            wrongAge++;
        }
    }

    public long rows() {
        return rows;
    }

    public long pages() {
        return pages;
    }

    public long largestPage() {
        return largestPage;
    }

    /** Rows whose key is not greater than the key of the row before them, across pages. */
    public long outOfOrder() {
        return outOfOrder;
    }

    public long wrongAge() {
        return wrongAge;
    }

    /** "b000/r0000000 .. b009/r0009999", or "no rows". */
    public String keySpan() {
        return firstKey == null ? "no rows" : firstKey + " .. " + lastPartition + "/" + lastRow;
    }
}
