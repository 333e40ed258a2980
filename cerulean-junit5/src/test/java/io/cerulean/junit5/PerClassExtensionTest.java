package io.cerulean.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.app.Cerulean;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The extension as the README shows it: one in-memory server for the class, used through the SDK. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PerClassExtensionTest {
    @RegisterExtension
    static CeruleanExtension cerulean = CeruleanExtension.perClass();

    private static TableServiceClient client() {
        return new TableServiceClientBuilder().connectionString(cerulean.connectionString()).buildClient();
    }

    @Test
    @Order(1)
    void aTestWritesThroughTheSdk() {
        TableClient table = client().createTable("perclass");
        table.createEntity(new TableEntity("p", "r").addProperty("Name", "first"));

        assertThat(table.getEntity("p", "r").getProperty("Name")).isEqualTo("first");
    }

    @Test
    @Order(2)
    void theNextTestOfTheClassSeesTheSameServer(Cerulean injected) {
        assertThat(injected).isSameAs(cerulean.cerulean());
        assertThat(client().getTableClient("perclass").getEntity("p", "r").getProperty("Name")).isEqualTo("first");
    }

    @Test
    @Order(3)
    void theEndpointAndConnectionStringAreTheDevelopmentAccounts(@CeruleanConnectionString String connectionString,
                                                                @CeruleanEndpoint String endpoint) {
        assertThat(connectionString).isEqualTo(cerulean.connectionString()).contains("AccountName=devstoreaccount1");
        assertThat(endpoint).isEqualTo(cerulean.endpoint())
                .isEqualTo("http://127.0.0.1:" + cerulean.cerulean().port() + "/devstoreaccount1");
    }
}
