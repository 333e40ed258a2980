package io.cerulean.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RoundTripTest {
    private static final String SENT = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Age\":42,"
            + "\"Big@odata.type\":\"Edm.Int64\",\"Big\":\"4294967296\",\"Score@odata.type\":\"Edm.Double\",\"Score\":12.5,"
            + "\"Created@odata.type\":\"Edm.DateTime\",\"Created\":\"2020-01-02T03:04:05Z\","
            + "\"Id@odata.type\":\"Edm.Guid\",\"Id\":\"0F8FAD5B-D9CB-469F-A165-70867728950E\","
            + "\"Blob@odata.type\":\"Edm.Binary\",\"Blob\":\"AQID\",\"Active\":true}";

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void minimalMetadataAsTheServiceWritesItMatches() throws IOException {
        String received = "{\"odata.metadata\":\"x\",\"odata.etag\":\"W/\\\"datetime'...'\\\"\",\"PartitionKey\":\"p\","
                + "\"RowKey\":\"r\",\"Timestamp\":\"2024-01-01T00:00:00.1234567Z\",\"Age\":42,"
                + "\"Big@odata.type\":\"Edm.Int64\",\"Big\":\"4294967296\",\"Score\":12.5,"
                + "\"Created@odata.type\":\"Edm.DateTime\",\"Created\":\"2020-01-02T03:04:05.0000000Z\","
                + "\"Id@odata.type\":\"Edm.Guid\",\"Id\":\"0f8fad5b-d9cb-469f-a165-70867728950e\","
                + "\"Blob@odata.type\":\"Edm.Binary\",\"Blob\":\"AQID\",\"Active\":true}";
        assertThat(RoundTrip.differences(utf8(SENT), utf8(received))).isEmpty();
    }

    @Test
    void aLostAnnotationAValueChangeAndAMissingPropertyAreEachReported() throws IOException {
        String received = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Age\":43,\"Big\":4294967296,\"Score\":12.5,"
                + "\"Created@odata.type\":\"Edm.DateTime\",\"Created\":\"2020-01-02T03:04:05Z\","
                + "\"Id@odata.type\":\"Edm.Guid\",\"Id\":\"0f8fad5b-d9cb-469f-a165-70867728950e\","
                + "\"Blob@odata.type\":\"Edm.Binary\",\"Blob\":\"AQID\"}";
        assertThat(RoundTrip.differences(utf8(SENT), utf8(received))).containsExactlyInAnyOrder(
                "Age: 43, want 42", "Big: type Edm.Double, want Edm.Int64", "Active: missing");
    }

    @Test
    void anIntegralDoubleWrittenWithoutAFractionLosesItsType() throws IOException {
        String sent = "{\"Score@odata.type\":\"Edm.Double\",\"Score\":20.0}";
        assertThat(RoundTrip.differences(utf8(sent), utf8("{\"Score\":20}")))
                .containsExactly("Score: type Edm.Int32, want Edm.Double");
    }
}
