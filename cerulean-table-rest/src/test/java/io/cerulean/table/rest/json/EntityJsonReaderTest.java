package io.cerulean.table.rest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.table.error.TableError;
import io.cerulean.table.model.PropertyValue;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Contract section 4.2: the shape of entity request bodies (types: see ValueConverterTest). */
class EntityJsonReaderTest {
    static EntityBody read(String json) {
        return EntityJsonReader.read(json.getBytes(StandardCharsets.UTF_8));
    }

    static ErrorCode error(String json) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> read(json));
        assertThat(e).as("reading %s should fail", json).isNotNull();
        return e.errorCode();
    }

    @Test
    void keysAndPropertiesInBodyOrder() {
        EntityBody body = read("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"z\":\"last?\",\"a\":1,\"m\":true}");
        assertThat(body.partitionKey()).isEqualTo("p");
        assertThat(body.rowKey()).isEqualTo("r");
        assertThat(body.properties()).containsExactly(
                Map.entry("z", PropertyValue.ofString("last?")),
                Map.entry("a", PropertyValue.ofInt32(1)),
                Map.entry("m", PropertyValue.ofBoolean(true)));
    }

    /** A batch's operation is read where it lies: only its window counts, whatever surrounds it. */
    @Test
    void aWindowOfALargerArrayIsReadAlone() {
        String entity = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1}";
        byte[] data = ("{\"x\":2}\r\n" + entity + "\r\n--changeset_1--").getBytes(StandardCharsets.UTF_8);
        int offset = data.length - entity.length() - "\r\n--changeset_1--".length();
        EntityBody body = EntityJsonReader.read(data, offset, entity.length());
        assertThat(body.partitionKey()).isEqualTo("p");
        assertThat(body.properties()).containsExactly(Map.entry("a", PropertyValue.ofInt32(1)));
        ServiceException empty = catchThrowableOfType(ServiceException.class,
                () -> EntityJsonReader.read(data, offset, 0));
        assertThat(empty.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void absentKeysAreNullAndEmptyKeysAreKept() {
        EntityBody absent = read("{\"a\":1}");
        assertThat(absent.partitionKey()).isNull();
        assertThat(absent.rowKey()).isNull();
        EntityBody empty = read("{\"PartitionKey\":\"\",\"RowKey\":\"\"}");
        assertThat(empty.partitionKey()).isEmpty();
        assertThat(empty.rowKey()).isEmpty();
    }

    @Test
    void odataControlInformationIsIgnoredIncludingObjectsAndArrays() {
        EntityBody body = read("{\"odata.metadata\":\"http://x/$metadata#t/@Element\","
                + "\"odata.etag\":\"W/\\\"datetime'2022-02-01T20%3A52%3A40.2654859Z'\\\"\","
                + "\"odata.something\":{\"nested\":{\"deep\":[1,2,{\"x\":null}]}},"
                + "\"odata.list\":[{\"a\":1},[2]],"
                + "\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"kept\":1}");
        assertThat(body.properties()).containsOnlyKeys("kept");
    }

    @Test
    void timestampAndItsAnnotationAreIgnored() {
        EntityBody body = read("{\"Timestamp@odata.type\":\"Edm.DateTime\",\"Timestamp\":\"2020-01-01T00:00:00Z\","
                + "\"PartitionKey\":\"p\",\"RowKey\":\"r\"}");
        assertThat(body.properties()).isEmpty();
    }

    @Test
    void nullValuesAreNotStoredEvenWhenAnnotated() {
        EntityBody body = read("{\"a\":null,\"b@odata.type\":\"Edm.Int64\",\"b\":null,\"c\":\"x\"}");
        assertThat(body.properties()).containsOnlyKeys("c");
    }

    @Test
    void annotationForAnAbsentPropertyIsInvalidInput() {
        assertThat(error("{\"ghost@odata.type\":\"Edm.Int64\",\"a\":1}")).isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void keysAreStringsTypedSoOrNotAtAll() {
        assertThat(read("{\"PartitionKey@odata.type\":\"Edm.String\",\"PartitionKey\":\"1\",\"RowKey\":\"r\"}")
                .partitionKey()).isEqualTo("1");
        assertThat(error("{\"PartitionKey@odata.type\":\"Edm.Int32\",\"PartitionKey\":\"1\",\"RowKey\":\"r\"}"))
                .isEqualTo(CommonError.INVALID_INPUT);
        assertThat(error("{\"PartitionKey\":\"p\",\"RowKey\":\"1\",\"RowKey@odata.type\":\"Edm.Int64\"}"))
                .isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void annotationBeforeOrAfterItsValueTypesTheValue() {
        PropertyValue expected = PropertyValue.ofInt64(42L);
        assertThat(read("{\"n@odata.type\":\"Edm.Int64\",\"n\":\"42\"}").properties().get("n")).isEqualTo(expected);
        assertThat(read("{\"n\":\"42\",\"n@odata.type\":\"Edm.Int64\"}").properties().get("n")).isEqualTo(expected);
    }

    @Test
    void leadingAndTrailingWhitespaceAroundTheObjectIsFine() {
        assertThat(read(" \n{\"a\":1}\r\n ").properties()).containsOnlyKeys("a");
    }

    @Test
    void emptyBodyIsInvalidInput() {
        assertThat(error("")).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(error("   ")).isEqualTo(CommonError.INVALID_INPUT);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{", "{\"a\":1", "{\"a\":}", "{\"a\" 1}", "{a:1}", "{\"a\":1,}", "{'a':1}", "{\"a\":NaN}",
        "{\"a\":01}", "not json", "{\"a\":1}}", "{\"a\":1} {\"b\":2}", "{\"a\":1} trailing"
    })
    void malformedJsonIsInvalidInput(String json) {
        assertThat(error(json)).isEqualTo(CommonError.INVALID_INPUT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "[{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}]", "null", "\"text\"", "42", "true"})
    void bodyThatIsNotAnObjectIsInvalidInput(String json) {
        assertThat(error(json)).isEqualTo(CommonError.INVALID_INPUT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":{}}", "{\"a\":{\"b\":1}}", "{\"a\":[]}", "{\"a\":[1,2]}"})
    void objectOrArrayPropertyIsInvalidInput(String json) {
        assertThat(error(json)).isEqualTo(CommonError.INVALID_INPUT);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"PartitionKey\":1,\"RowKey\":\"r\"}", "{\"PartitionKey\":\"p\",\"RowKey\":2.5}",
        "{\"PartitionKey\":true,\"RowKey\":\"r\"}", "{\"PartitionKey\":null,\"RowKey\":\"r\"}"
    })
    void keysThatAreNotStringsAreInvalidInput(String json) {
        assertThat(error(json)).isEqualTo(CommonError.INVALID_INPUT);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":2,\"a\":\"x\"}", "{\"PartitionKey\":\"p\",\"PartitionKey\":\"q\"}",
        "{\"RowKey\":\"r\",\"RowKey\":\"r\"}", "{\"a@odata.type\":\"Edm.Int64\",\"a@odata.type\":\"Edm.Int64\",\"a\":\"1\"}"
    })
    void duplicatePropertiesAreDuplicatePropertiesSpecified(String json) {
        assertThat(error(json)).isEqualTo(TableError.DUPLICATE_PROPERTIES_SPECIFIED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Edm.Int", "edm.int64", "Edm.Decimal", "Edm.DateTimeOffset", "String", ""})
    void unknownTypeNameIsInvalidInput(String type) {
        assertThat(error("{\"a@odata.type\":\"" + type + "\",\"a\":\"1\"}")).isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void nonStringAnnotationIsInvalidInput() {
        assertThat(error("{\"a@odata.type\":5,\"a\":\"1\"}")).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(error("{\"a@odata.type\":{\"t\":1},\"a\":\"1\"}")).isEqualTo(CommonError.INVALID_INPUT);
    }
}
