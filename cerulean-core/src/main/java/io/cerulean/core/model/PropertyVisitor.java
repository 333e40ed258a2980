package io.cerulean.core.model;

import java.nio.charset.StandardCharsets;

/**
 * Receives an entity's user properties one by one, in their order ({@link EntityView#forEachProperty}).
 * A store that keeps text as UTF-8 may hand a String value over as those bytes, so that a writer
 * of JSON can copy them rather than have them decoded into a String and encoded again.
 */
public interface PropertyVisitor {
    void property(String name, PropertyValue value);

    /**
     * A String property given as the {@code length} bytes at {@code offset}, well-formed UTF-8
     * (no surrogate code points), valid only during the call. By default decoded and passed on.
     */
    default void utf8Property(String name, byte[] utf8, int offset, int length) {
        property(name, PropertyValue.ofString(new String(utf8, offset, length, StandardCharsets.UTF_8)));
    }
}
