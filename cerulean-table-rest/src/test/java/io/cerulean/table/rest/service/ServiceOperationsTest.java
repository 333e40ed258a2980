package io.cerulean.table.rest.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.rest.StoredServiceProperties;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.rest.auth.FullAccess;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Contract 3.7 and 3.8 through the operations: the query that names them, status, body. */
class ServiceOperationsTest {
    private final Database database = Database.open(new MemoryKeyValueStore(), false);
    private final TableService service = new TableService(TableLayout.open(database),
            HybridClock.system(Lease.none()), Duration.ofSeconds(5));
    private final ServicePropertiesStore properties = new ServicePropertiesStore(
            new StoredServiceProperties(database.records(), "table", database.exclusive()));

    private AzureResponse run(TableOperation operation, String method, String path, String query, String body) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        if (!query.isEmpty()) {
            for (String pair : query.split("&")) {
                String[] kv = pair.split("=", 2);
                parameters.put(kv[0], List.of(kv.length > 1 ? kv[1] : ""));
            }
        }
        AzureRequest request = new AzureRequest(method, path, parameters, new DefaultHttpHeaders(),
                body.getBytes(StandardCharsets.UTF_8), false, "127.0.0.1");
        return operation.handle(new RequestContext(request, "test", PathParser.parse(path), "devstoreaccount1",
                MetadataLevel.MINIMAL_METADATA, "http://127.0.0.1/devstoreaccount1", service, FullAccess.SHARED_KEY));
    }

    private static String body(AzureResponse response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    @Test
    void statsSayLiveAndSyncedNowWithATwoDigitDay() {
        Clock clock = Clock.fixed(Instant.parse("2022-02-01T20:52:39Z"), ZoneOffset.UTC);
        AzureResponse response = run(new GetServiceStats(clock), "GET", "/devstoreaccount1-secondary/",
                "restype=service&comp=stats", "");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers()).contains(Map.entry("Content-Type", "application/xml"));
        assertThat(body(response)).isEqualTo("<?xml version=\"1.0\" encoding=\"utf-8\"?><StorageServiceStats>"
                + "<GeoReplication><Status>live</Status><LastSyncTime>Tue, 01 Feb 2022 20:52:39 GMT</LastSyncTime>"
                + "</GeoReplication></StorageServiceStats>");
    }

    @Test
    void propertiesAreSetAndReadBack() {
        String xml = "<StorageServiceProperties><Cors><CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET"
                + "</AllowedMethods><AllowedHeaders /><ExposedHeaders /><MaxAgeInSeconds>1</MaxAgeInSeconds></CorsRule>"
                + "</Cors></StorageServiceProperties>";
        AzureResponse set = run(new SetServiceProperties(properties), "PUT", "/devstoreaccount1/",
                "restype=service&comp=properties", xml);
        assertThat(set.status()).isEqualTo(202);
        assertThat(set.body()).isEmpty();
        AzureResponse get = run(new GetServiceProperties(properties), "GET", "/devstoreaccount1/",
                "restype=service&comp=properties", "");
        assertThat(get.status()).isEqualTo(200);
        assertThat(body(get)).contains("<Cors><CorsRule><AllowedMethods>GET</AllowedMethods>");
    }

    @Test
    void aQueryNamingNoSuchOperationIsInvalidQueryParameterValue() {
        for (String query : List.of("", "restype=service", "comp=properties", "restype=service&comp=list",
                "restype=container&comp=properties", "restype=service&comp=stats")) {
            ServiceException e = catchThrowableOfType(ServiceException.class,
                    () -> run(new GetServiceProperties(properties), "GET", "/devstoreaccount1/", query, ""));
            assertThat(e).as(query).isNotNull();
            assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
        }
        ServiceException stats = catchThrowableOfType(ServiceException.class,
                () -> run(new GetServiceStats(), "GET", "/devstoreaccount1/", "comp=stats", ""));
        assertThat(stats.errorCode()).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
        ServiceException put = catchThrowableOfType(ServiceException.class,
                () -> run(new SetServiceProperties(properties), "PUT", "/devstoreaccount1/", "restype=service", "<x/>"));
        assertThat(put.errorCode()).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
    }
}
