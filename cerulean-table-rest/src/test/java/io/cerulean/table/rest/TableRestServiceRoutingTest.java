package io.cerulean.table.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.rest.StoredServiceProperties;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.error.TableError;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.rest.auth.Action;
import io.cerulean.table.rest.auth.FullAccess;
import io.cerulean.table.rest.batch.ExecuteBatch;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.metrics.QueryMetrics;
import io.cerulean.table.rest.operations.CreateTable;
import io.cerulean.table.rest.operations.DeleteEntity;
import io.cerulean.table.rest.operations.DeleteTable;
import io.cerulean.table.rest.operations.GetEntity;
import io.cerulean.table.rest.operations.GetTable;
import io.cerulean.table.rest.operations.InsertEntity;
import io.cerulean.table.rest.operations.QueryEntities;
import io.cerulean.table.rest.operations.QueryTables;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;
import io.cerulean.table.rest.operations.WriteEntity;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Contract sections 1.1 and 3.14: which operation serves a method on a resource. */
class TableRestServiceRoutingTest {
    private static final String BASE = "/devstoreaccount1";
    private static final String ENTITY = BASE + "/mytable(PartitionKey='p',RowKey='r')";

    private final TableRestService router = new TableRestService(
            new TableService(TableLayout.open(Database.open(new MemoryKeyValueStore(), false)),
                    HybridClock.system(Lease.none()), Duration.ofSeconds(5)),
            new QueryMetrics(Metrics.discarded().registry()),
            new ServicePropertiesStore(new StoredServiceProperties(new MemoryKeyValueStore(), "table", true)));

    private static AzureRequest request(String method, String path, String... tunnel) {
        return request(method, path, Map.of(), new byte[0], tunnel);
    }

    private static AzureRequest request(String method, String path, Map<String, List<String>> query, byte[] body,
                                        String... tunnel) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        for (String value : tunnel) {
            headers.add("X-HTTP-Method", value);
        }
        return new AzureRequest(method, path, query, headers, body, false, "127.0.0.1");
    }

    private TableOperation route(AzureRequest request) {
        return router.handler(router.route(PathParser.parse(request.rawPath()), request));
    }

    private ErrorCode routingError(AzureRequest request) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> route(request));
        assertThat(e).as("%s %s should not route", request.method(), request.rawPath()).isNotNull();
        return e.errorCode();
    }

    @Test
    void tableCollectionOperations() {
        assertThat(route(request("GET", BASE + "/Tables"))).isInstanceOf(QueryTables.class);
        assertThat(route(request("GET", BASE + "/Tables()"))).isInstanceOf(QueryTables.class);
        assertThat(route(request("POST", BASE + "/Tables"))).isInstanceOf(CreateTable.class);
    }

    @Test
    void singleTableOperations() {
        assertThat(route(request("GET", BASE + "/Tables('t')"))).isInstanceOf(GetTable.class);
        assertThat(route(request("DELETE", BASE + "/Tables('t')"))).isInstanceOf(DeleteTable.class);
    }

    @Test
    void entitySetOperations() {
        assertThat(route(request("GET", BASE + "/mytable()"))).isInstanceOf(QueryEntities.class);
        assertThat(route(request("GET", BASE + "/mytable"))).isInstanceOf(QueryEntities.class);
        assertThat(route(request("POST", BASE + "/mytable"))).isInstanceOf(InsertEntity.class);
    }

    @Test
    void singleEntityOperations() {
        assertThat(route(request("GET", ENTITY))).isInstanceOf(GetEntity.class);
        assertThat(route(request("DELETE", ENTITY))).isInstanceOf(DeleteEntity.class);
        assertThat(route(request("PUT", ENTITY))).isInstanceOf(WriteEntity.class);
        assertThat(route(request("PATCH", ENTITY))).isInstanceOf(WriteEntity.class);
        assertThat(route(request("MERGE", ENTITY))).isInstanceOf(WriteEntity.class);
    }

    @Test
    void patchMergeAndTunnelledMergeShareOneOperationDistinctFromPut() {
        TableOperation merge = route(request("PATCH", ENTITY));
        TableOperation replace = route(request("PUT", ENTITY));
        assertThat(route(request("MERGE", ENTITY))).isSameAs(merge);
        assertThat(route(request("POST", ENTITY, "MERGE"))).isSameAs(merge);
        assertThat(route(request("POST", ENTITY, "PATCH"))).isSameAs(merge);
        assertThat(route(request("POST", ENTITY, "merge"))).isSameAs(merge);
        assertThat(route(request("POST", ENTITY, "PUT"))).isSameAs(replace);
        assertThat(replace).isNotSameAs(merge);
        assertThat(route(request("POST", ENTITY, "DELETE"))).isInstanceOf(DeleteEntity.class);
    }

    @Test
    void tunnelledMergeKeepsOtherPropertiesAndPutReplacesThem() {
        TableService service = new TableService(TableLayout.open(Database.open(new MemoryKeyValueStore(), false)),
                HybridClock.system(Lease.none()), Duration.ofSeconds(5));
        service.createTable("devstoreaccount1", "mytable");
        run(service, request("POST", BASE + "/mytable", Map.of(), json("{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1}")));
        run(service, request("POST", ENTITY, Map.of(), json("{\"b\":2}"), "MERGE"));
        assertThat(service.readEntity("devstoreaccount1", "mytable", "p", "r", table -> { }).entity().orElseThrow().properties())
                .containsOnlyKeys("a", "b");
        run(service, request("POST", ENTITY, Map.of(), json("{\"c\":3}"), "PUT"));
        assertThat(service.readEntity("devstoreaccount1", "mytable", "p", "r", table -> { }).entity().orElseThrow().properties())
                .containsOnlyKeys("c");
    }

    private void run(TableService service, AzureRequest request) {
        Resource resource = PathParser.parse(request.rawPath());
        router.handler(router.route(resource, request)).handle(new RequestContext(request, "test-request", resource, "devstoreaccount1",
                MetadataLevel.MINIMAL_METADATA, "http://127.0.0.1:10002/devstoreaccount1", service, FullAccess.SHARED_KEY));
    }

    private static byte[] json(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void batchIsPostOnly() {
        assertThat(route(request("POST", BASE + "/$batch"))).isInstanceOf(ExecuteBatch.class);
        assertThat(routingError(request("GET", BASE + "/$batch"))).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
    }

    @Test
    void aclAndServiceRequestsRouteAsTheirOwnActions() {
        Map<String, List<String>> acl = Map.of("comp", List.of("acl"));
        assertThat(router.route(PathParser.parse(BASE + "/mytable"), request("GET", BASE + "/mytable", acl, new byte[0]))
                .action()).isEqualTo(Action.GET_TABLE_ACL);
        assertThat(router.route(PathParser.parse(BASE + "/mytable"), request("PUT", BASE + "/mytable", acl, new byte[0]))
                .action()).isEqualTo(Action.SET_TABLE_ACL);
        Map<String, List<String>> properties = Map.of("restype", List.of("service"), "comp", List.of("properties"));
        Map<String, List<String>> stats = Map.of("restype", List.of("service"), "comp", List.of("stats"));
        assertThat(router.route(PathParser.parse(BASE + "/"), request("GET", BASE + "/", properties, new byte[0]))
                .action()).isEqualTo(Action.GET_SERVICE_PROPERTIES);
        assertThat(router.route(PathParser.parse(BASE + "/"), request("PUT", BASE + "/", properties, new byte[0]))
                .action()).isEqualTo(Action.SET_SERVICE_PROPERTIES);
        assertThat(router.route(PathParser.parse(BASE + "/"), request("GET", BASE + "/", stats, new byte[0]))
                .action()).isEqualTo(Action.GET_SERVICE_STATS);
        assertThat(routingError(request("DELETE", BASE + "/mytable", acl, new byte[0])))
                .isEqualTo(CommonError.METHOD_NOT_ALLOWED);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "PUT | /Tables", "DELETE | /Tables", "PATCH | /Tables", "MERGE | /Tables",
        "PUT | /Tables('t')", "POST | /Tables('t')", "PATCH | /Tables('t')",
        "PUT | /mytable", "DELETE | /mytable", "PATCH | /mytable()", "MERGE | /mytable",
        "POST | /mytable(PartitionKey='p',RowKey='r')", "HEAD | /mytable(PartitionKey='p',RowKey='r')",
        "PUT | /$batch", "DELETE | /$batch", "GET | /$batch"
    })
    void methodsTheResourceDoesNotOfferAreMethodNotAllowed(String method, String suffix) {
        assertThat(routingError(request(method, BASE + suffix))).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
    }

    @Test
    void tunnellingIntoACreateOrInsertIsMethodNotAllowed() {
        assertThat(routingError(request("POST", BASE + "/Tables", "MERGE"))).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
        assertThat(routingError(request("POST", BASE + "/mytable", "PUT"))).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
        assertThat(routingError(request("POST", BASE + "/$batch", "MERGE"))).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
    }

    @Test
    void serviceEndpointOnlyOffersGetAndPut() {
        // 1.1: service properties GET/PUT, stats GET; anything else is not a service operation.
        assertThat(routingError(request("DELETE", BASE + "/"))).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
        assertThat(routingError(request("POST", BASE + "/"))).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
    }

    @Test
    void tableAclOnlyOffersGetAndPut() {
        // 3.5 / 3.6: Get and Set Table ACL are GET and PUT.
        Map<String, List<String>> comp = Map.of("comp", List.of("acl"));
        assertThat(routingError(request("DELETE", BASE + "/mytable", comp, new byte[0])))
                .isEqualTo(CommonError.METHOD_NOT_ALLOWED);
        assertThat(routingError(request("POST", BASE + "/mytable", comp, new byte[0])))
                .isEqualTo(CommonError.METHOD_NOT_ALLOWED);
    }

    @Test
    void xHttpMethodWithAnythingButPostIsXMethodNotUsingPost() {
        for (String method : List.of("GET", "PUT", "PATCH", "DELETE")) {
            assertThat(routingError(request(method, ENTITY, "MERGE"))).isEqualTo(TableError.X_METHOD_NOT_USING_POST);
        }
    }

    @Test
    void xHttpMethodNamingTheMethodUsedChangesNothing() {
        // The legacy Java SDK (azure-storage 8) sends a merge as MERGE with X-HTTP-Method: MERGE.
        assertThat(route(request("MERGE", ENTITY, "MERGE"))).isSameAs(route(request("MERGE", ENTITY)));
        assertThat(route(request("PUT", ENTITY, "put"))).isSameAs(route(request("PUT", ENTITY)));
        assertThat(route(request("DELETE", ENTITY, "DELETE"))).isSameAs(route(request("DELETE", ENTITY)));
    }

    @Test
    void twoXHttpMethodValuesAreXMethodIncorrectCount() {
        assertThat(routingError(request("POST", ENTITY, "MERGE", "PUT"))).isEqualTo(TableError.X_METHOD_INCORRECT_COUNT);
        assertThat(routingError(request("POST", ENTITY, "MERGE, PUT"))).isEqualTo(TableError.X_METHOD_INCORRECT_COUNT);
    }

    @Test
    void unknownXHttpMethodValueIsXMethodIncorrectValue() {
        for (String value : List.of("GET", "POST", "HEAD", "FOO", "")) {
            assertThat(routingError(request("POST", ENTITY, value))).as(value)
                    .isEqualTo(TableError.X_METHOD_INCORRECT_VALUE);
        }
    }
}
