package io.cerulean.core.model;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.core.error.ErrorCode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EntityValidatorTest {
    private static Entity entity(String pk, String rk, Map<String, PropertyValue> properties) {
        return new Entity(pk, rk, Instant.EPOCH, properties);
    }

    private static void assertCode(Entity entity, ErrorCode code) {
        assertThatThrownBy(() -> EntityValidator.validate(entity)).hasFieldOrPropertyWithValue("errorCode", code);
    }

    @Test
    void keysRejectTheForbiddenCharactersAndLengths() {
        for (String bad : new String[] {"a/b", "a\\b", "a#b", "a?b", "a\u0001", "\u007f", "\u009f"}) {
            assertCode(entity(bad, "r", Map.of()), ErrorCode.OUT_OF_RANGE_INPUT);
            assertCode(entity("p", bad, Map.of()), ErrorCode.OUT_OF_RANGE_INPUT);
        }
        assertThatCode(() -> EntityValidator.validate(entity("x".repeat(512), "", Map.of()))).doesNotThrowAnyException();
        assertCode(entity("x".repeat(513), "r", Map.of()), ErrorCode.KEY_VALUE_TOO_LARGE);
    }

    @Test
    void propertyCountNamesAndSizesAreLimited() {
        Map<String, PropertyValue> many = new LinkedHashMap<>();
        for (int i = 0; i < 252; i++) {
            many.put("P" + i, PropertyValue.ofInt32(i));
        }
        assertThatCode(() -> EntityValidator.validate(entity("p", "r", many))).doesNotThrowAnyException();
        many.put("One_more", PropertyValue.ofInt32(0));
        assertCode(entity("p", "r", many), ErrorCode.TOO_MANY_PROPERTIES);
        assertCode(entity("p", "r", Map.of("1x", PropertyValue.ofInt32(0))), ErrorCode.PROPERTY_NAME_INVALID);
        assertCode(entity("p", "r", Map.of("a-b", PropertyValue.ofInt32(0))), ErrorCode.PROPERTY_NAME_INVALID);
        assertCode(entity("p", "r", Map.of("x".repeat(256), PropertyValue.ofInt32(0))), ErrorCode.PROPERTY_NAME_TOO_LONG);
        assertThatCode(() -> EntityValidator.validate(entity("p", "r", Map.of("_\u00e9x9", PropertyValue.ofInt32(0)))))
                .doesNotThrowAnyException();
        assertCode(entity("p", "r", Map.of("S", PropertyValue.ofString("x".repeat(32 * 1024 + 1)))),
                ErrorCode.PROPERTY_VALUE_TOO_LARGE);
        assertCode(entity("p", "r", Map.of("B", PropertyValue.ofBinary(new byte[64 * 1024 + 1]))),
                ErrorCode.PROPERTY_VALUE_TOO_LARGE);
    }

    @Test
    void entitiesOverOneMebibyteAreTooLarge() {
        Map<String, PropertyValue> big = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            big.put("S" + i, PropertyValue.ofString("x".repeat(30_000)));
        }
        assertCode(entity("p", "r", big), ErrorCode.ENTITY_TOO_LARGE);
    }
}
