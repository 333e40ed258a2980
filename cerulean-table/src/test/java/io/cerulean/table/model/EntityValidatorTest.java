package io.cerulean.table.model;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.table.error.TableError;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EntityValidatorTest {
    private static Entity entity(String pk, String rk, Map<String, PropertyValue> properties) {
        return new Entity(pk, rk, Instant.EPOCH, properties);
    }

    private static void assertCode(Entity entity, ErrorCode code) {
        assertThatThrownBy(() -> EntityValidator.validate(entity)).hasFieldOrPropertyWithValue("errorCode", code);
    }

    /** A property name is a C# identifier: a letter or '_', then letters, digits and '_', in all of Unicode. */
    @Property(tries = 3000)
    void propertyNamesAreIdentifiersByCharactersRules(@ForAll("names") String name) {
        boolean identifier = !name.isEmpty() && (Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')
                && name.chars().skip(1).allMatch(c -> Character.isLetterOrDigit(c) || c == '_');
        if (identifier) {
            assertThatCode(() -> EntityValidator.validatePropertyName(name)).doesNotThrowAnyException();
        } else {
            assertThatThrownBy(() -> EntityValidator.validatePropertyName(name))
                    .hasFieldOrPropertyWithValue("errorCode", TableError.PROPERTY_NAME_INVALID);
        }
    }

    /** Every char, as the first of a name and after a letter. */
    @Test
    void everyCharIsJudgedByCharactersRules() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            char ch = (char) c;
            assertNameRule(String.valueOf(ch), Character.isLetter(ch) || ch == '_');
            assertNameRule("a" + ch, Character.isLetterOrDigit(ch) || ch == '_');
        }
    }

    private static void assertNameRule(String name, boolean valid) {
        if (valid) {
            EntityValidator.validatePropertyName(name);
        } else {
            assertThatThrownBy(() -> EntityValidator.validatePropertyName(name))
                    .hasFieldOrPropertyWithValue("errorCode", TableError.PROPERTY_NAME_INVALID);
        }
    }

    @Provide
    Arbitrary<String> names() {
        Arbitrary<Character> ascii = Arbitraries.chars().range('\u0000', '\u007F');
        Arbitrary<Character> identifierLike = Arbitraries.chars().with('a', 'Z', '_', '0', '9', '\u00e9', '\u0660', '\u4e2d');
        return Arbitraries.oneOf(ascii, identifierLike, identifierLike, Arbitraries.chars())
                .list().ofMaxSize(12).map(chars -> chars.stream().map(String::valueOf).collect(Collectors.joining()))
                .filter(n -> !n.equals("PartitionKey") && !n.equals("RowKey") && !n.equals("Timestamp"));
    }

    @Test
    void keysRejectTheForbiddenCharactersAndLengths() {
        for (String bad : new String[] {"a/b", "a\\b", "a#b", "a?b", "a\u0001", "\u007f", "\u009f"}) {
            assertCode(entity(bad, "r", Map.of()), CommonError.OUT_OF_RANGE_INPUT);
            assertCode(entity("p", bad, Map.of()), CommonError.OUT_OF_RANGE_INPUT);
        }
        assertThatCode(() -> EntityValidator.validate(entity("x".repeat(512), "", Map.of()))).doesNotThrowAnyException();
        assertCode(entity("x".repeat(513), "r", Map.of()), TableError.KEY_VALUE_TOO_LARGE);
    }

    @Test
    void propertyCountNamesAndSizesAreLimited() {
        Map<String, PropertyValue> many = new LinkedHashMap<>();
        for (int i = 0; i < 252; i++) {
            many.put("P" + i, PropertyValue.ofInt32(i));
        }
        assertThatCode(() -> EntityValidator.validate(entity("p", "r", many))).doesNotThrowAnyException();
        many.put("One_more", PropertyValue.ofInt32(0));
        assertCode(entity("p", "r", many), TableError.TOO_MANY_PROPERTIES);
        assertCode(entity("p", "r", Map.of("1x", PropertyValue.ofInt32(0))), TableError.PROPERTY_NAME_INVALID);
        assertCode(entity("p", "r", Map.of("a-b", PropertyValue.ofInt32(0))), TableError.PROPERTY_NAME_INVALID);
        assertCode(entity("p", "r", Map.of("x".repeat(256), PropertyValue.ofInt32(0))), TableError.PROPERTY_NAME_TOO_LONG);
        assertThatCode(() -> EntityValidator.validate(entity("p", "r", Map.of("_\u00e9x9", PropertyValue.ofInt32(0)))))
                .doesNotThrowAnyException();
        assertCode(entity("p", "r", Map.of("S", PropertyValue.ofString("x".repeat(32 * 1024 + 1)))),
                TableError.PROPERTY_VALUE_TOO_LARGE);
        assertCode(entity("p", "r", Map.of("B", PropertyValue.ofBinary(new byte[64 * 1024 + 1]))),
                TableError.PROPERTY_VALUE_TOO_LARGE);
    }

    @Test
    void entitiesOverOneMebibyteAreTooLarge() {
        Map<String, PropertyValue> big = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            big.put("S" + i, PropertyValue.ofString("x".repeat(30_000)));
        }
        assertCode(entity("p", "r", big), TableError.ENTITY_TOO_LARGE);
    }
}
