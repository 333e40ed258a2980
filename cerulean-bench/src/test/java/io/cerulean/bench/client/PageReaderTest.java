package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PageReaderTest {
    @Test
    void countsRowsAndChecksOrderAcrossPages() throws IOException {
        PageReader reader = new PageReader();
        reader.read(page("{\"PartitionKey\":\"a\",\"RowKey\":\"1\",\"Age\":3}", "{\"PartitionKey\":\"a\",\"RowKey\":\"2\"}"));
        reader.read(page("{\"RowKey\":\"0\",\"PartitionKey\":\"b\",\"Nested\":\"x\"}"));
        reader.read(page());
        assertThat(reader.rows()).isEqualTo(3);
        assertThat(reader.pages()).isEqualTo(3);
        assertThat(reader.largestPage()).isEqualTo(2);
        assertThat(reader.outOfOrder()).isZero();
        assertThat(reader.keySpan()).isEqualTo("a/1 .. b/0");
    }

    @Test
    void aRepeatedOrBackwardKeyIsOutOfOrder() throws IOException {
        PageReader reader = new PageReader();
        reader.read(page("{\"PartitionKey\":\"a\",\"RowKey\":\"2\"}"));
        reader.read(page("{\"PartitionKey\":\"a\",\"RowKey\":\"2\"}", "{\"PartitionKey\":\"a\",\"RowKey\":\"1\"}"));
        assertThat(reader.outOfOrder()).isEqualTo(2);
    }

    @Test
    void rowsWithAnotherAgeAreCounted() throws IOException {
        PageReader reader = new PageReader(42);
        reader.read(page("{\"PartitionKey\":\"a\",\"RowKey\":\"1\",\"Age\":42}",
                "{\"PartitionKey\":\"a\",\"RowKey\":\"2\",\"Age\":41}", "{\"PartitionKey\":\"a\",\"RowKey\":\"3\"}"));
        assertThat(reader.wrongAge()).isEqualTo(2);
    }

    @Test
    void anErrorBodyIsNotAPage() {
        assertThatThrownBy(() -> new PageReader().read(Unpooled.copiedBuffer(
                "{\"odata.error\":{\"code\":\"X\"}}", StandardCharsets.UTF_8))).isInstanceOf(IOException.class);
    }

    private static io.netty.buffer.ByteBuf page(String... rows) {
        return Unpooled.copiedBuffer("{\"odata.metadata\":\"m\",\"value\":[" + String.join(",", rows) + "]}",
                StandardCharsets.UTF_8);
    }
}
