package io.cerulean.table.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A visitor that keeps what an entity hands over, text given as UTF-8 decoded, after checking that
 * those bytes are well-formed UTF-8 as promised (they encode back to themselves).
 */
public final class HandedOverProperties implements PropertyVisitor {
    private final List<Map.Entry<String, PropertyValue>> properties = new ArrayList<>();
    private final List<String> namesGivenAsUtf8 = new ArrayList<>();

    @Override
    public void property(String name, PropertyValue value) {
        properties.add(Map.entry(name, value));
    }

    @Override
    public void utf8Property(String name, byte[] utf8, int offset, int length) {
        String text = new String(utf8, offset, length, StandardCharsets.UTF_8);
        assertThat(text.getBytes(StandardCharsets.UTF_8)).isEqualTo(Arrays.copyOfRange(utf8, offset, offset + length));
        properties.add(Map.entry(name, PropertyValue.ofString(text)));
        namesGivenAsUtf8.add(name);
    }

    /** The properties in the order they came. */
    public List<Map.Entry<String, PropertyValue>> properties() {
        return properties;
    }

    /** The names of the String properties that came as UTF-8 bytes, in order. */
    public List<String> namesGivenAsUtf8() {
        return namesGivenAsUtf8;
    }
}
