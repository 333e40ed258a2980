package io.cerulean.table.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;

/**
 * Receives an entity's user properties one by one, in their order ({@link EntityView#forEachProperty}).
 * A store that keeps values encoded may hand each over in its plain form (a number as a number,
 * text as UTF-8 bytes) through the typed methods, so that a writer of JSON copies them out without
 * a {@link PropertyValue} in between. Each typed method by default builds that value and passes it
 * to {@link #property}, so a visitor needs only that one.
 */
public interface PropertyVisitor {
    void property(String name, PropertyValue value);

    /**
     * A String property given as the {@code length} bytes at {@code offset}, well-formed UTF-8
     * (no surrogate code points), valid only during the call.
     */
    default void utf8Property(String name, byte[] utf8, int offset, int length) {
        property(name, PropertyValue.ofString(new String(utf8, offset, length, StandardCharsets.UTF_8)));
    }

    default void int32Property(String name, int value) {
        property(name, PropertyValue.ofInt32(value));
    }

    default void int64Property(String name, long value) {
        property(name, PropertyValue.ofInt64(value));
    }

    default void doubleProperty(String name, double value) {
        property(name, PropertyValue.ofDouble(value));
    }

    default void booleanProperty(String name, boolean value) {
        property(name, PropertyValue.ofBoolean(value));
    }

    /** A DateTime as 100 ns ticks since the Unix epoch ({@link DateTimes#toEpochTicks}). */
    default void dateTimeProperty(String name, long epochTicks) {
        property(name, PropertyValue.ofDateTime(DateTimes.fromEpochTicks(epochTicks)));
    }

    /** A Guid as the two halves {@link UUID} is made of. */
    default void guidProperty(String name, long mostSignificantBits, long leastSignificantBits) {
        property(name, PropertyValue.ofGuid(new UUID(mostSignificantBits, leastSignificantBits)));
    }

    /** A Binary property given as the {@code length} bytes at {@code offset}, valid only during the call. */
    default void binaryProperty(String name, byte[] bytes, int offset, int length) {
        property(name, PropertyValue.ofBinaryOwned(Arrays.copyOfRange(bytes, offset, offset + length)));
    }
}
