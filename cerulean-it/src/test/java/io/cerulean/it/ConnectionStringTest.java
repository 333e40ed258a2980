package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import io.cerulean.app.Cerulean;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/** The ways users point the SDK at Cerulean: connection strings and endpoint + named key. */
class ConnectionStringTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static void assertUsable(TableServiceClient service, String tableName) {
        TableClient table = service.createTable(tableName);
        table.createEntity(new TableEntity("p", "r").addProperty("V", "x"));
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo("x");
        assertThat(service.listTables()).anyMatch(t -> t.getName().equals(tableName));
    }

    @ParameterizedTest
    @EachStore
    void explicitConnectionStringWithTableEndpointWorks(ServerFixture fixture) {
        Cerulean cerulean = SERVERS.server(fixture).cerulean();
        String connectionString = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey="
                + SignedHttp.DEV_KEY + ";TableEndpoint=http://127.0.0.1:" + cerulean.port() + "/devstoreaccount1;";
        assertThat(SERVERS.server(fixture).connectionString()).isEqualTo(connectionString
                + "QueueEndpoint=http://127.0.0.1:" + cerulean.queuePort() + "/devstoreaccount1;"
                + "BlobEndpoint=http://127.0.0.1:" + cerulean.blobPort() + "/devstoreaccount1;");
        TableServiceClient service = SharedServers.serviceClient(connectionString);
        assertUsable(service, SharedServers.uniqueTableName("Conn"));
    }

    @ParameterizedTest
    @EachStore
    void connectionStringWithoutTrailingSemicolonWorksForATableClient(ServerFixture fixture) {
        Cerulean cerulean = SERVERS.server(fixture).cerulean();
        String connectionString = "AccountName=devstoreaccount1;AccountKey=" + SignedHttp.DEV_KEY
                + ";DefaultEndpointsProtocol=http;TableEndpoint=" + cerulean.endpoint("devstoreaccount1");
        String name = SharedServers.uniqueTableName("TblClient");
        TableClient table = new TableClientBuilder().connectionString(connectionString).tableName(name)
                .retryOptions(SharedServers.noRetries()).buildClient();
        table.createTable();
        table.createEntity(new TableEntity("p", "r"));
        assertThat(table.listEntities()).hasSize(1);
    }

    @ParameterizedTest
    @EachStore
    void endpointWithNamedKeyCredentialWorks(ServerFixture fixture) {
        Cerulean cerulean = SERVERS.server(fixture).cerulean();
        TableServiceClient service = new TableServiceClientBuilder()
                .endpoint(cerulean.endpoint("devstoreaccount1"))
                .credential(new AzureNamedKeyCredential("devstoreaccount1", SignedHttp.DEV_KEY))
                .retryOptions(SharedServers.noRetries())
                .buildClient();
        assertUsable(service, SharedServers.uniqueTableName("Named"));
        TableClient table = new TableClientBuilder().endpoint(cerulean.endpoint("devstoreaccount1"))
                .credential(new AzureNamedKeyCredential("devstoreaccount1", SignedHttp.DEV_KEY))
                .tableName(SharedServers.uniqueTableName("NamedTbl")).retryOptions(SharedServers.noRetries())
                .buildClient();
        table.createTable();
        assertThat(table.listEntities()).isEmpty();
    }

    @Test
    void useDevelopmentStorageWorksOnTheDefaultPorts() {
        Assumptions.assumeTrue(portIsFree(10002) && portIsFree(10001), "port 10002 or 10001 is in use");
        try (Cerulean cerulean = Cerulean.builder().inMemory().port(10002).start()) {
            assertThat(cerulean.port()).isEqualTo(10002);
            assertThat(cerulean.queuePort()).isEqualTo(10001);
            TableServiceClient service = SharedServers.serviceClient("UseDevelopmentStorage=true");
            assertThat(service.getServiceEndpoint()).isEqualTo("http://127.0.0.1:10002/devstoreaccount1");
            assertUsable(service, "DevStorage" + System.nanoTime() % 1000);
            QueueServiceClient queues = new QueueServiceClientBuilder().connectionString("UseDevelopmentStorage=true")
                    .buildClient();
            assertThat(queues.getQueueServiceUrl()).isEqualTo("http://127.0.0.1:10001/devstoreaccount1");
            queues.createQueue("devstorage");
            assertThat(queues.listQueues()).extracting(q -> q.getName()).containsExactly("devstorage");
        }
    }

    @Test
    void theConnectionStringNamesEveryServedServicesEndpoint() {
        try (Cerulean both = Cerulean.builder().inMemory().port(0).start();
             Cerulean tablesOnly = Cerulean.builder().inMemory().port(0).services(Set.of(Cerulean.Service.TABLE)).start()) {
            assertThat(both.connectionString())
                    .contains(";TableEndpoint=http://127.0.0.1:" + both.port() + "/devstoreaccount1;")
                    .contains(";QueueEndpoint=http://127.0.0.1:" + both.queuePort() + "/devstoreaccount1;");
            assertThat(both.queuePort()).isNotEqualTo(both.port()).isNotEqualTo(10001);
            assertThat(tablesOnly.connectionString()).contains("TableEndpoint=").doesNotContain("QueueEndpoint=");
            assertThatThrownBy(tablesOnly::queuePort).isInstanceOf(IllegalStateException.class);
            QueueServiceClient queues = new QueueServiceClientBuilder().connectionString(both.connectionString())
                    .buildClient();
            queues.createQueue("named");
            assertThat(queues.getQueueClient("named").getProperties().getApproximateMessagesCount()).isZero();
        }
    }

    private static boolean portIsFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
