package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.resolver.InetSocketAddressResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Host-style URLs, {@code http://devstoreaccount1.table.localhost:PORT/...}, as Azurite serves them,
 * through the Java SDK with Shared Key and with SAS. Names under {@code localhost} do not resolve on
 * every machine, so the SDK's HTTP client (Netty) resolves every name to 127.0.0.1 while the URL (and
 * so the Host header and what the SDK signs) keeps the name.
 */
class HostStyleUrlsTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final ServerFixture FIXTURE = ServerFixture.IN_MEMORY;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static int port() {
        return SERVERS.server(FIXTURE).cerulean().port();
    }

    private static String hostStyleEndpoint(String account) {
        return "http://" + account + ".table.localhost:" + port();
    }

    private static HttpClient toLoopback() {
        return new NettyAsyncHttpClientBuilder(reactor.netty.http.client.HttpClient.create()
                .resolver(new LoopbackResolver())).build();
    }

    /** Resolves every name to 127.0.0.1, where the server listens. */
    private static final class LoopbackResolver extends AddressResolverGroup<InetSocketAddress> {
        @Override
        protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
            return new InetSocketAddressResolver(executor, new InetNameResolver(executor) {
                @Override
                protected void doResolve(String host, Promise<InetAddress> promise) {
                    promise.setSuccess(loopback());
                }

                @Override
                protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
                    promise.setSuccess(List.of(loopback()));
                }
            });
        }

        private static InetAddress loopback() {
            try {
                return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static TableServiceClientBuilder builder(String account) {
        return new TableServiceClientBuilder().endpoint(hostStyleEndpoint(account)).httpClient(toLoopback())
                .retryOptions(SharedServers.noRetries());
    }

    private static TableServiceClient withKey() {
        return builder(SignedHttp.ACCOUNT)
                .credential(new AzureNamedKeyCredential(SignedHttp.ACCOUNT, SignedHttp.DEV_KEY)).buildClient();
    }

    @Test
    void theSdkWorksOnHostStyleUrlsWithSharedKey() {
        TableServiceClient service = withKey();
        String name = SharedServers.uniqueTableName("Host");
        TableClient table = service.createTable(name);
        table.createEntity(new TableEntity("p", "a").addProperty("V", 1));
        table.submitTransaction(List.of(
                new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity("p", "b")),
                new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE,
                        new TableEntity("p", "a").addProperty("W", 2))));
        assertThat(table.getEntity("p", "a").getProperties()).containsEntry("V", 1).containsEntry("W", 2);
        assertThat(table.listEntities(new ListEntitiesOptions().setFilter("RowKey ge 'a'"), null, null))
                .extracting(TableEntity::getRowKey).containsExactly("a", "b");
        assertThat(service.listTables()).anyMatch(t -> t.getName().equals(name));
        assertThat(service.getProperties()).isNotNull();
        // The same data as path-style.
        assertThat(SERVERS.service(FIXTURE).getTableClient(name).listEntities()).hasSize(2);
        table.deleteEntity("p", "b");
        service.deleteTable(name);
        assertThat(SERVERS.service(FIXTURE).listTables()).noneMatch(t -> t.getName().equals(name));
    }

    @Test
    void aWrongKeyIsRefusedOnHostStyleUrls() {
        TableServiceClient forged = builder(SignedHttp.ACCOUNT).credential(new AzureNamedKeyCredential(
                SignedHttp.ACCOUNT, "AAAA" + SignedHttp.DEV_KEY.substring(4))).buildClient();
        assertSdkError(() -> forged.createTable(SharedServers.uniqueTableName("Forged")), 403, "AuthenticationFailed");
    }

    @Test
    void theSdkWorksOnHostStyleUrlsWithAccountAndTableSas() {
        TableClient prepared = SERVERS.newTable(FIXTURE, "HostSas");
        prepared.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        String accountSas = SERVERS.service(FIXTURE).generateAccountSas(new TableAccountSasSignatureValues(
                OffsetDateTime.now().plusHours(1), TableAccountSasPermission.parse("rwdlacu"),
                TableAccountSasService.parse("t"), TableAccountSasResourceType.parse("sco")));
        TableClient viaAccountSas = builder(SignedHttp.ACCOUNT).sasToken(accountSas).buildClient()
                .getTableClient(prepared.getTableName());
        viaAccountSas.upsertEntity(new TableEntity("p", "s").addProperty("V", 2));
        assertThat(viaAccountSas.getEntity("p", "r").getProperty("V")).isEqualTo(1);

        String tableSas = prepared.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableSasPermission.parse("r")));
        TableClient viaTableSas = builder(SignedHttp.ACCOUNT).sasToken(tableSas).buildClient()
                .getTableClient(prepared.getTableName());
        assertThat(viaTableSas.listEntities()).hasSize(2);
        assertSdkError(() -> viaTableSas.upsertEntity(new TableEntity("p", "t")), 403,
                "AuthorizationPermissionMismatch");
    }

    @Test
    void theSecondaryIsServedOnHostStyleUrlsToo() {
        TableClient prepared = SERVERS.newTable(FIXTURE, "HostSecond");
        prepared.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        TableServiceClient secondary = builder(SignedHttp.ACCOUNT + "-secondary")
                .credential(new AzureNamedKeyCredential(SignedHttp.ACCOUNT, SignedHttp.DEV_KEY)).buildClient();
        TableClient table = secondary.getTableClient(prepared.getTableName());
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(1);
        assertSdkError(() -> table.createEntity(new TableEntity("p", "n")), 403, "InsufficientAccountPermissions");
    }
}
