package io.cerulean.table.model;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * An entity's user properties: an immutable map in the order given. Entities and operations pass
 * the same instance along (stamping an entity, planning a write) instead of copying it, which
 * matters when every write of a transaction of 100 entities would otherwise copy each map twice.
 */
public final class Properties extends AbstractMap<String, PropertyValue> {
    private static final Properties EMPTY = new Properties(new LinkedHashMap<>());

    private final Map<String, PropertyValue> map;

    private Properties(LinkedHashMap<String, PropertyValue> owned) {
        this.map = Collections.unmodifiableMap(owned);
    }

    /** {@code properties} as an immutable map; no copy when it is one already. */
    public static Properties copyOf(Map<String, PropertyValue> properties) {
        if (properties instanceof Properties immutable) {
            return immutable;
        }
        return properties.isEmpty() ? EMPTY : new Properties(new LinkedHashMap<>(properties));
    }

    /**
     * Takes over a map the caller built and will not touch again (a parser's result), without
     * copying it.
     */
    public static Properties owning(LinkedHashMap<String, PropertyValue> built) {
        return new Properties(built);
    }

    @Override
    public PropertyValue get(Object key) {
        return map.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return map.containsKey(key);
    }

    @Override
    public int size() {
        return map.size();
    }

    @Override
    public Set<Entry<String, PropertyValue>> entrySet() {
        return map.entrySet();
    }
}
