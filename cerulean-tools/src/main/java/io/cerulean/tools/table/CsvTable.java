package io.cerulean.tools.table;

import com.azure.data.tables.models.TableEntity;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Entities as the typed CSV Azure Storage Explorer exports and imports: a header row
 * {@code PartitionKey,RowKey,Timestamp,Name,Name@type,Age,Age@type,...}, each property's column
 * followed by a {@code @type} column holding its EDM type ({@code Edm.String}, {@code Edm.Int64},
 * ...), the values as {@link EdmText} writes them. A property an entity lacks has both cells empty;
 * an empty string has an empty value and the type {@code Edm.String}.
 *
 * <p>Read as Storage Explorer's files come: a type with or without {@code Edm.}; a column without
 * a type column, or an empty type beside a value, is Edm.String; an empty value without a type is
 * an absent property; Timestamp is ignored (the service sets it).
 */
final class CsvTable {
    private static final String TYPE_SUFFIX = "@type";

    private final List<String> properties;
    private final boolean withTimestamp;

    /** For writing: the properties' columns in this order. */
    CsvTable(List<String> properties, boolean withTimestamp) {
        this.properties = List.copyOf(properties);
        this.withTimestamp = withTimestamp;
    }

    List<String> header() {
        List<String> header = new ArrayList<>(List.of("PartitionKey", "RowKey"));
        if (withTimestamp) {
            header.add("Timestamp");
        }
        for (String name : properties) {
            header.add(name);
            header.add(name + TYPE_SUFFIX);
        }
        return header;
    }

    List<String> record(TableEntity entity) {
        List<String> record = new ArrayList<>(List.of(entity.getPartitionKey(), entity.getRowKey()));
        if (withTimestamp) {
            Object timestamp = entity.getProperties().get("Timestamp");
            record.add(timestamp instanceof OffsetDateTime ? EdmText.format(timestamp) : "");
        }
        for (String name : properties) {
            Object value = entity.getProperties().get(name);
            record.add(value == null ? "" : EdmText.format(value));
            record.add(value == null ? "" : EdmText.typeOf(value));
        }
        return record;
    }

    /** How to read the records under a header. */
    static final class Layout {
        private final int partitionKey;
        private final int rowKey;
        private final List<String> names = new ArrayList<>();
        private final List<Integer> valueColumns = new ArrayList<>();
        private final List<Integer> typeColumns = new ArrayList<>();
        private final int width;

        /** @throws MalformedRowException when the header has no PartitionKey or RowKey column */
        Layout(List<String> header) throws MalformedRowException {
            Map<String, Integer> columns = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                String name = i == 0 ? header.get(i).replace("\uFEFF", "") : header.get(i);
                if (columns.put(name, i) != null) {
                    throw new MalformedRowException("the header names column " + name + " twice");
                }
            }
            if (!columns.containsKey("PartitionKey") || !columns.containsKey("RowKey")) {
                throw new MalformedRowException("the header has no PartitionKey and RowKey columns");
            }
            partitionKey = columns.get("PartitionKey");
            rowKey = columns.get("RowKey");
            for (int i = 0; i < header.size(); i++) {
                String name = i == 0 ? header.get(i).replace("\uFEFF", "") : header.get(i);
                if (name.endsWith(TYPE_SUFFIX) || name.equals("PartitionKey") || name.equals("RowKey")
                        || name.equals("Timestamp") || name.isEmpty()) {
                    continue;
                }
                names.add(name);
                valueColumns.add(i);
                typeColumns.add(columns.getOrDefault(name + TYPE_SUFFIX, -1));
            }
            width = header.size();
        }

        TableEntity entity(List<String> record) throws MalformedRowException {
            if (record.size() != width) {
                throw new MalformedRowException("a record of " + record.size() + " fields under a header of " + width);
            }
            TableEntity entity = new TableEntity(record.get(partitionKey), record.get(rowKey));
            for (int i = 0; i < names.size(); i++) {
                String value = record.get(valueColumns.get(i));
                String type = typeColumns.get(i) < 0 ? "" : record.get(typeColumns.get(i));
                if (type.isEmpty() && value.isEmpty()) {
                    continue;
                }
                try {
                    entity.addProperty(names.get(i), EdmText.parse(type.isEmpty() ? EdmText.STRING : type, value));
                } catch (MalformedRowException e) {
                    throw new MalformedRowException(names.get(i) + ": " + e.getMessage());
                }
            }
            return entity;
        }
    }
}
