package io.cerulean.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.TableEntity;
import org.junit.jupiter.api.Test;

/** {@code @CeruleanTest} on a class: parameters get the server, nothing else to declare. */
@CeruleanTest
class CeruleanTestAnnotationTest {
    @Test
    void aConnectionStringParameterReachesAServer(@CeruleanConnectionString String connectionString) {
        TableClient table = new TableClientBuilder().connectionString(connectionString).tableName("annotated")
                .buildClient();
        table.createTable();
        table.upsertEntity(new TableEntity("p", "r").addProperty("Count", 3));

        assertThat(table.getEntity("p", "r").getProperty("Count")).isEqualTo(3);
    }

    @Test
    void anEndpointParameterNamesTheDevelopmentAccount(@CeruleanEndpoint String endpoint) {
        assertThat(endpoint).matches("http://127\\.0\\.0\\.1:\\d+/devstoreaccount1");
    }
}
