package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Entities compared as a user reads them: keys, and each property's value and type, in query order. */
final class TableAssertions {
    private TableAssertions() {
    }

    static void sameEntities(TableClient source, TableClient copy) {
        List<Map<String, Object>> expected = source.listEntities().stream().map(TableAssertions::comparable).toList();
        List<Map<String, Object>> actual = copy.listEntities().stream().map(TableAssertions::comparable).toList();
        assertThat(actual).hasSameSizeAs(expected);
        assertThat(actual).isEqualTo(expected);
    }

    /** The entity less what the service sets itself, byte arrays as lists so that they compare by value. */
    static Map<String, Object> comparable(TableEntity entity) {
        Map<String, Object> properties = new TreeMap<>();
        entity.getProperties().forEach((name, value) -> {
            if (name.equals("Timestamp") || name.startsWith("odata.") || name.startsWith("Timestamp@")) {
                return;
            }
            properties.put(name, value instanceof byte[] bytes ? Arrays.toString(bytes) + " (binary)"
                    : value == null ? null : value + " (" + value.getClass().getSimpleName() + ")");
        });
        return new LinkedHashMap<>(properties);
    }
}
