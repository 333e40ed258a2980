package io.cerulean.table.model;

import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.UUID;

/**
 * A typed property value. The Java representation per type is fixed: String, Integer, Long,
 * Double, Boolean, {@link Instant} (100 ns precision), {@link UUID}, byte[] (never mutated once
 * wrapped). Immutable; equality compares binary values by content.
 */
public final class PropertyValue {
    private final EdmType type;
    private final Object value;

    private PropertyValue(EdmType type, Object value) {
        this.type = type;
        this.value = value;
    }

    public static PropertyValue ofString(String value) {
        return new PropertyValue(EdmType.STRING, Objects.requireNonNull(value, "value"));
    }

    public static PropertyValue ofInt32(int value) {
        return new PropertyValue(EdmType.INT32, value);
    }

    public static PropertyValue ofInt64(long value) {
        return new PropertyValue(EdmType.INT64, value);
    }

    public static PropertyValue ofDouble(double value) {
        return new PropertyValue(EdmType.DOUBLE, value);
    }

    public static PropertyValue ofBoolean(boolean value) {
        return new PropertyValue(EdmType.BOOLEAN, value);
    }

    /** A DateTime, truncated to the service's 100 ns resolution. */
    public static PropertyValue ofDateTime(Instant value) {
        return new PropertyValue(EdmType.DATETIME, DateTimes.truncateToTicks(Objects.requireNonNull(value, "value")));
    }

    public static PropertyValue ofGuid(UUID value) {
        return new PropertyValue(EdmType.GUID, Objects.requireNonNull(value, "value"));
    }

    /** A Binary value; the array is copied. */
    public static PropertyValue ofBinary(byte[] value) {
        return new PropertyValue(EdmType.BINARY, Objects.requireNonNull(value, "value").clone());
    }

    /** A Binary value that takes ownership of {@code value}: the caller must not touch it again. */
    public static PropertyValue ofBinaryOwned(byte[] value) {
        return new PropertyValue(EdmType.BINARY, Objects.requireNonNull(value, "value"));
    }

    public EdmType type() {
        return type;
    }

    /** The value as its fixed Java type (see the class comment). Binary arrays must not be modified. */
    public Object value() {
        return value;
    }

    public String asString() {
        return (String) value;
    }

    public int asInt32() {
        return (Integer) value;
    }

    public long asInt64() {
        return (Long) value;
    }

    public double asDouble() {
        return (Double) value;
    }

    public boolean asBoolean() {
        return (Boolean) value;
    }

    public Instant asDateTime() {
        return (Instant) value;
    }

    public UUID asGuid() {
        return (UUID) value;
    }

    /** The binary bytes; must not be modified. */
    public byte[] asBinary() {
        return (byte[]) value;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PropertyValue other) || other.type != type) {
            return false;
        }
        if (type == EdmType.BINARY) {
            return Arrays.equals((byte[]) value, (byte[]) other.value);
        }
        return value.equals(other.value);
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + (type == EdmType.BINARY ? Arrays.hashCode((byte[]) value) : value.hashCode());
    }

    @Override
    public String toString() {
        String shown = switch (type) {
            case BINARY -> "X'" + Base64.getEncoder().encodeToString((byte[]) value) + "'";
            case DATETIME -> DateTimes.format((Instant) value);
            default -> String.valueOf(value);
        };
        return type.wireName() + ":" + shown;
    }
}
