package io.cerulean.tools.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.models.TableEntity;
import java.time.OffsetDateTime;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class JsonLinesTest {
    @Provide
    Arbitrary<TableEntity> entities() {
        return EntityArbitraries.entities();
    }

    @Property(tries = 500)
    void everyEntityReadsBackAsItWasWritten(@ForAll("entities") TableEntity entity) throws MalformedRowException {
        String line = JsonLines.encode(entity, false);
        assertThat(line).doesNotContain("\n", "\r", "\u2028");
        TableEntity read = JsonLines.decode(line);
        assertThat(EntityArbitraries.comparable(read)).isEqualTo(EntityArbitraries.comparable(entity));
        assertThat(JsonLines.encode(read, false)).isEqualTo(line);
    }

    @Test
    void typesJsonWouldLoseAreAnnotatedAndTheOthersAreNot() {
        TableEntity entity = new TableEntity("p", "r").addProperty("S", "s").addProperty("I", 1).addProperty("B", true)
                .addProperty("L", 1L).addProperty("D", 0.5).addProperty("DI", 2.0).addProperty("NZ", -0.0)
                .addProperty("Inf", Double.NEGATIVE_INFINITY)
                .addProperty("T", OffsetDateTime.parse("1969-12-31T23:59:59.9999999Z")).addProperty("Bin", new byte[] {1, 2});
        assertThat(JsonLines.encode(entity, false)).isEqualTo("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"B\":true,"
                + "\"Bin@odata.type\":\"Edm.Binary\",\"Bin\":\"AQI=\",\"D\":0.5,\"DI@odata.type\":\"Edm.Double\",\"DI\":2.0,"
                + "\"I\":1,\"Inf@odata.type\":\"Edm.Double\",\"Inf\":\"-Infinity\",\"L@odata.type\":\"Edm.Int64\",\"L\":\"1\","
                + "\"NZ@odata.type\":\"Edm.Double\",\"NZ\":-0.0,\"S\":\"s\","
                + "\"T@odata.type\":\"Edm.DateTime\",\"T\":\"1969-12-31T23:59:59.9999999Z\"}");
    }

    @Test
    void theServicesOwnJsonReadsWithAnnotationsAnywhereAndMetadataIgnored() throws MalformedRowException {
        TableEntity entity = JsonLines.decode("{\"odata.etag\":\"W/\\\"x\\\"\",\"PartitionKey\":\"p\",\"RowKey\":\"r\","
                + "\"Timestamp\":\"2020-01-01T00:00:00Z\",\"Big\":\"12\",\"Big@odata.type\":\"Edm.Int64\",\"Gone\":null,"
                + "\"Esc\":\"\\u00e9\\ud83d\\ude00\\/\"}");
        assertThat(entity.getProperties()).containsEntry("Big", 12L).containsEntry("Esc", "é\uD83D\uDE00/")
                .doesNotContainKeys("Timestamp", "Gone", "odata.etag", "Big@odata.type");
    }

    @Test
    void malformedLinesSayWhy() {
        assertThatThrownBy(() -> JsonLines.decode("{\"PartitionKey\":\"p\"}")).hasMessageContaining("no RowKey");
        assertThatThrownBy(() -> JsonLines.decode("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"N\":3000000000}"))
                .hasMessageContaining("N: not an Edm.Int32");
        assertThatThrownBy(() -> JsonLines.decode("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"} x"))
                .hasMessageContaining("text after the object");
        assertThatThrownBy(() -> JsonLines.decode("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"A\":[1]}"))
                .hasMessageContaining("a property value is a string, number or boolean");
        assertThatThrownBy(() -> JsonLines.decode("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"G@odata.type\":\"Edm.Guid\",\"G\":\"zz\"}"))
                .hasMessageContaining("G: not an Edm.Guid");
    }
}
