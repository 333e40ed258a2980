package io.cerulean.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EntityFactoryTest {
    private final EntityFactory factory = new EntityFactory(1024);

    private byte[] json(char kind, int partition, int row) {
        ByteBuf buf = Unpooled.buffer();
        factory.writeJson(buf, kind, partition, row);
        return ByteBufUtil.getBytes(buf);
    }

    @Test
    void entitiesAreOneKilobyteOfTenTypedProperties() throws IOException {
        byte[] json = json(EntityFactory.POINT, 42, 1234);
        assertThat(json).hasSize(1024);
        Map<String, RoundTrip.Typed> properties = RoundTrip.properties(json);
        assertThat(properties).hasSize(12);   // the keys and ten properties
        assertThat(properties.get("PartitionKey").text()).isEqualTo("p042");
        assertThat(properties.get("RowKey").text()).isEqualTo("r0001234");
        assertThat(properties.get("Age").type()).isEqualTo("Edm.Int32");
        assertThat(properties.get("Big").type()).isEqualTo("Edm.Int64");
        assertThat(Long.parseLong(properties.get("Big").text())).isGreaterThan(Integer.MAX_VALUE);
        assertThat(properties.get("Score").type()).isEqualTo("Edm.Double");
        assertThat(properties.get("Active").type()).isEqualTo("Edm.Boolean");
        assertThat(properties.get("Created").type()).isEqualTo("Edm.DateTime");
        assertThat(properties.get("Id").type()).isEqualTo("Edm.Guid");
        assertThat(properties.get("Blob").type()).isEqualTo("Edm.Binary");
        assertThat(properties.get("Description").type()).isEqualTo("Edm.String");
    }

    @Test
    void theSameKeysGiveTheSameBytesAndTheAgeTheJsonHolds() throws IOException {
        assertThat(json(EntityFactory.BIG, 3, 77)).isEqualTo(json(EntityFactory.BIG, 3, 77));
        assertThat(json(EntityFactory.BIG, 3, 77)).isNotEqualTo(json(EntityFactory.BIG, 3, 78));
        for (int row = 0; row < 50; row++) {
            String age = RoundTrip.properties(json(EntityFactory.BIG, 3, row)).get("Age").text();
            assertThat(Integer.parseInt(age)).isEqualTo(EntityFactory.age(EntityFactory.BIG, 3, row));
        }
    }

    @Test
    void agesSpreadEvenlyEnoughForTheFilters() {
        int over30 = 0;
        int is42 = 0;
        for (int row = 0; row < 100_000; row++) {
            int age = EntityFactory.age(EntityFactory.BIG, row % 10, row / 10);
            over30 += age > 30 ? 1 : 0;
            is42 += age == 42 ? 1 : 0;
        }
        assertThat(over30).isBetween(68_000, 70_000);
        assertThat(is42).isBetween(900, 1_100);
    }

    @Test
    void instantsAreWrittenAsInstantWritesThem() {
        for (long second : new long[] {0, 951_782_400L, 1_400_000_000L, 1_799_999_999L, 4_102_444_799L}) {
            ByteBuf buf = Unpooled.buffer();
            EntityFactory.writeInstant(buf, second);
            assertThat(buf.toString(StandardCharsets.US_ASCII)).isEqualTo(java.time.Instant.ofEpochSecond(second).toString());
        }
    }

    @Test
    void keysSortAsNumbers() {
        assertThat(EntityFactory.rowKey(9)).isLessThan(EntityFactory.rowKey(10));
        assertThat(EntityFactory.partitionKey(EntityFactory.BIG, 9)).isEqualTo("b009");
        assertThat(new String(json(EntityFactory.WARM, 0, 0), StandardCharsets.US_ASCII)).startsWith("{\"PartitionKey\":\"w000\"");
    }
}
