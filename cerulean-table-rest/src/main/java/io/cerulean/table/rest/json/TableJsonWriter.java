package io.cerulean.table.rest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cerulean.table.layout.StoredTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** Writes tables in the JSON payload format: Create Table, Query Tables and the single-table read. */
public final class TableJsonWriter {
    private final MetadataLevel level;
    private final String baseUrl;
    private final String account;

    public TableJsonWriter(MetadataLevel level, String baseUrl, String account) {
        this.level = level;
        this.baseUrl = baseUrl;
        this.account = account;
    }

    public byte[] single(StoredTable table) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(out)) {
            json.writeStartObject();
            if (level != MetadataLevel.NO_METADATA) {
                json.writeStringField("odata.metadata", baseUrl + "/$metadata#Tables/@Element");
            }
            writeTable(json, table);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public byte[] list(List<StoredTable> tables) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 + 64 * tables.size());
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(out)) {
            json.writeStartObject();
            if (level != MetadataLevel.NO_METADATA) {
                json.writeStringField("odata.metadata", baseUrl + "/$metadata#Tables");
            }
            json.writeArrayFieldStart("value");
            for (StoredTable table : tables) {
                json.writeStartObject();
                writeTable(json, table);
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private void writeTable(JsonGenerator json, StoredTable table) throws IOException {
        if (level == MetadataLevel.FULL_METADATA) {
            json.writeStringField("odata.type", account + ".Tables");
            json.writeStringField("odata.id", baseUrl + "/" + ResourceUrls.tablePath(table.name()));
            json.writeStringField("odata.editLink", ResourceUrls.tablePath(table.name()));
        }
        json.writeStringField("TableName", table.name());
    }
}
