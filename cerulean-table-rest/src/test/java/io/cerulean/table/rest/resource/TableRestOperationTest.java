package io.cerulean.table.rest.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.rest.operations.EntityWrite;
import io.cerulean.table.txn.OperationKind;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one decision of which operation a request is, as a table: resource, method, tunnelling
 * header and {@code comp}, to the operation or the Azure error. The router and {@code $batch}
 * both ask it, so this table is what both do.
 */
class TableRestOperationTest {
    @ParameterizedTest(name = "{1} {0} (X-HTTP-Method {2}, comp {3}) -> {4}")
    @CsvSource({
            "SERVICE,    GET,    ,       ,      GET_SERVICE_PROPERTIES",
            "SERVICE,    GET,    ,       stats, GET_SERVICE_STATS",
            "SERVICE,    PUT,    ,       ,      SET_SERVICE_PROPERTIES",
            "SERVICE,    POST,   PUT,    ,      MethodNotAllowed",
            "TABLES,     GET,    ,       ,      QUERY_TABLES",
            "TABLES,     POST,   ,       ,      CREATE_TABLE",
            "TABLES,     POST,   MERGE,  ,      MethodNotAllowed",
            "TABLES,     PUT,    ,       ,      MethodNotAllowed",
            "TABLE,      GET,    ,       ,      GET_TABLE",
            "TABLE,      DELETE, ,       ,      DELETE_TABLE",
            "TABLE,      POST,   DELETE, ,      DELETE_TABLE",
            "ENTITY_SET, GET,    ,       ,      QUERY_ENTITIES",
            "ENTITY_SET, POST,   ,       ,      INSERT_ENTITY",
            "ENTITY_SET, GET,    ,       acl,   GET_TABLE_ACL",
            "ENTITY_SET, PUT,    ,       acl,   SET_TABLE_ACL",
            "ENTITY_SET, POST,   PUT,    acl,   MethodNotAllowed",
            "ENTITY_SET, DELETE, ,       ,      MethodNotAllowed",
            "ENTITY,     GET,    ,       ,      GET_ENTITY",
            "ENTITY,     PUT,    ,       ,      UPDATE_ENTITY",
            "ENTITY,     PATCH,  ,       ,      MERGE_ENTITY",
            "ENTITY,     MERGE,  ,       ,      MERGE_ENTITY",
            "ENTITY,     POST,   MERGE,  ,      MERGE_ENTITY",
            "ENTITY,     POST,   merge,  ,      MERGE_ENTITY",
            "ENTITY,     POST,   PUT,    ,      UPDATE_ENTITY",
            "ENTITY,     POST,   DELETE, ,      DELETE_ENTITY",
            "ENTITY,     DELETE, ,       ,      DELETE_ENTITY",
            "ENTITY,     POST,   ,       ,      MethodNotAllowed",
            "ENTITY,     POST,   GET,    ,      XMethodIncorrectValue",
            "ENTITY,     PUT,    MERGE,  ,      XMethodNotUsingPost",
            "ENTITY,     POST,   'MERGE,PUT', , XMethodIncorrectCount",
            "BATCH,      POST,   ,       ,      ENTITY_GROUP_TRANSACTION",
            "BATCH,      GET,    ,       ,      MethodNotAllowed",
    })
    void eachRequestIsOneOperationOrOneError(ResourceKind kind, String method, String tunnel, String comp,
                                            String expected) {
        AzureRequest request = request(method, tunnel, comp, null);
        if (expected.equals(expected.toUpperCase())) {
            assertThat(TableRestOperation.of(kind, request)).isEqualTo(TableRestOperation.valueOf(expected));
        } else {
            assertThatThrownBy(() -> TableRestOperation.of(kind, request)).isInstanceOf(ServiceException.class)
                    .satisfies(e -> assertThat(((ServiceException) e).errorCode().code()).isEqualTo(expected));
        }
    }

    /** If-Match makes an update or merge conditional; without it the write is the upsert. */
    @ParameterizedTest(name = "{0} with If-Match {1} -> {2}")
    @CsvSource({
            "UPDATE_ENTITY, ,                  INSERT_OR_REPLACE",
            "UPDATE_ENTITY, *,                 REPLACE",
            "MERGE_ENTITY,  ,                  INSERT_OR_MERGE",
            "MERGE_ENTITY,  'W/\"datetime''2026-01-01T00%3A00%3A00.0000000Z''\"', MERGE",
            "DELETE_ENTITY, ,                  DELETE",
            "INSERT_ENTITY, ,                  INSERT",
    })
    void ifMatchDecidesBetweenAWriteAndItsUpsert(TableRestOperation operation, String ifMatch, OperationKind kind) {
        assertThat(EntityWrite.of(operation, request("PUT", null, null, ifMatch)).kind()).isEqualTo(kind);
    }

    private static AzureRequest request(String method, String tunnel, String comp, String ifMatch) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        if (tunnel != null) {
            headers.add("X-HTTP-Method", tunnel);
        }
        if (ifMatch != null) {
            headers.add("If-Match", ifMatch);
        }
        Map<String, List<String>> query = comp == null ? Map.of() : Map.of("comp", List.of(comp));
        return new AzureRequest(method, "/devstoreaccount1/t", query, headers, new byte[0], false, "127.0.0.1");
    }
}
