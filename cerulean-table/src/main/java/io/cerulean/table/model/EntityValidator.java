package io.cerulean.table.model;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import java.util.Map;

/**
 * The data-model rules every written entity obeys: key characters and lengths, property names,
 * count, value sizes and the total entity size. Each rule broken is its Azure error code.
 */
public final class EntityValidator {
    /**
     * Which ASCII chars may appear in a property name after its first: every entity written checks
     * each of its names, nearly always ASCII, and a table answers faster than Character's methods.
     */
    private static final boolean[] ASCII_NAME_PART = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            ASCII_NAME_PART[c] = Character.isLetterOrDigit(c) || c == '_';
        }
    }

    private EntityValidator() {
    }

    /** Checks an entity about to be written (after any merge), so the stored result obeys every limit. */
    public static void validate(Entity entity) {
        validateKey(Entity.PARTITION_KEY, entity.partitionKey());
        validateKey(Entity.ROW_KEY, entity.rowKey());
        Map<String, PropertyValue> properties = entity.properties();
        if (properties.size() > Limits.MAX_USER_PROPERTIES) {
            throw new TableServiceException(TableError.TOO_MANY_PROPERTIES);
        }
        for (Map.Entry<String, PropertyValue> property : properties.entrySet()) {
            validatePropertyName(property.getKey());
            validateValue(property.getValue());
        }
        if (estimatedSize(entity) > Limits.MAX_ENTITY_BYTES) {
            throw new TableServiceException(TableError.ENTITY_TOO_LARGE);
        }
    }

    /**
     * A PartitionKey or RowKey: at most 1 KiB of UTF-16 and none of {@code / \ # ?} or control
     * characters (U+0000-U+001F, U+007F-U+009F). The service answers a bad key with OutOfRangeInput.
     */
    public static void validateKey(String name, String value) {
        if (value.length() > Limits.MAX_KEY_CHARS) {
            throw new TableServiceException(TableError.KEY_VALUE_TOO_LARGE,
                    "The " + name + " exceeds the maximum allowed size of 1 KiB (" + Limits.MAX_KEY_CHARS
                            + " UTF-16 characters).");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '/' || c == '\\' || c == '#' || c == '?' || c <= 0x1F || (c >= 0x7F && c <= 0x9F)) {
                throw new TableServiceException(CommonError.OUT_OF_RANGE_INPUT, "The '" + name
                        + "' parameter of value '" + printable(value) + "' is out of range: it contains the character "
                        + String.format("U+%04X", (int) c) + ", which keys may not contain.");
            }
        }
    }

    /** A user property name: a C# identifier of at most 255 characters, not a system property. */
    public static void validatePropertyName(String name) {
        if (name.length() > Limits.MAX_PROPERTY_NAME_LENGTH) {
            throw new TableServiceException(TableError.PROPERTY_NAME_TOO_LONG);
        }
        boolean valid = !name.isEmpty() && (Character.isLetter(name.charAt(0)) || name.charAt(0) == '_');
        for (int i = 1; i < name.length() && valid; i++) {
            char c = name.charAt(i);
            valid = c < 128 ? ASCII_NAME_PART[c] : Character.isLetterOrDigit(c);
        }
        if (!valid || name.equals(Entity.PARTITION_KEY) || name.equals(Entity.ROW_KEY)
                || name.equals(Entity.TIMESTAMP)) {
            throw new TableServiceException(TableError.PROPERTY_NAME_INVALID,
                    "The property name '" + printable(name) + "' is invalid.");
        }
    }

    private static void validateValue(PropertyValue value) {
        boolean tooLarge = switch (value.type()) {
            case STRING -> value.asString().length() > Limits.MAX_STRING_CHARS;
            case BINARY -> value.asBinary().length > Limits.MAX_BINARY_BYTES;
            default -> false;
        };
        if (tooLarge) {
            throw new TableServiceException(TableError.PROPERTY_VALUE_TOO_LARGE);
        }
    }

    /**
     * The entity's size by the design guide's formula:
     * {@code 4 + 2 * len(PK + RK) + sum(8 + 2 * len(name) + size(value))}.
     */
    public static long estimatedSize(Entity entity) {
        long size = 4 + 2L * (entity.partitionKey().length() + entity.rowKey().length());
        for (Map.Entry<String, PropertyValue> property : entity.properties().entrySet()) {
            PropertyValue value = property.getValue();
            long valueSize = switch (value.type()) {
                case STRING -> 2L * value.asString().length() + 4;
                case BINARY -> value.asBinary().length + 4L;
                case GUID -> 16;
                case INT32 -> 4;
                case BOOLEAN -> 1;
                case INT64, DOUBLE, DATETIME -> 8;
            };
            size += 8 + 2L * property.getKey().length() + valueSize;
        }
        return size;
    }

    private static String printable(String text) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), 64));
        for (int i = 0; i < text.length() && i < 64; i++) {
            char c = text.charAt(i);
            sb.append(c < 0x20 || (c >= 0x7F && c <= 0x9F) ? '?' : c);
        }
        return text.length() > 64 ? sb.append("...").toString() : sb.toString();
    }
}
