package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import org.junit.jupiter.params.ParameterizedTest;

class SmokeTest {
    @ParameterizedTest
    @EachStore
    void roundTrip(ServerFixture fixture) {
        try (var server = fixture.start()) {
            TableServiceClient service = new TableServiceClientBuilder()
                    .connectionString(server.connectionString()).buildClient();
            TableClient table = service.createTable("smoke");
            table.createEntity(new TableEntity("p", "r").addProperty("Name", "x").addProperty("Count", 3L));
            TableEntity got = table.getEntity("p", "r");
            assertThat(got.getProperty("Name")).isEqualTo("x");
            assertThat(got.getProperty("Count")).isEqualTo(3L);
            assertThat(table.listEntities()).hasSize(1);
            assertThat(service.listTables()).extracting(t -> t.getName()).containsExactly("smoke");
        }
    }
}
