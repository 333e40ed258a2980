package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Inputs the SDKs never send but hand-written clients do, answered as the service answers them:
 * typed keys, a type annotation without its property, a body that is not JSON, {@code $top=0},
 * and filters with far more comparisons than the 15 the REST reference documents.
 */
class EntityInputChecksTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final ServerFixture FIXTURE = ServerFixture.IN_MEMORY;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static SignedHttp raw() {
        return SERVERS.http(FIXTURE);
    }

    @Test
    void aKeyTypedOtherThanStringIsInvalidInputAndNothingIsWritten() {
        TableClient table = SERVERS.newTable(FIXTURE, "TypedKey");
        String path = "/" + table.getTableName();
        assertRawError(raw().send("POST", path,
                "{\"PartitionKey\":\"1\",\"PartitionKey@odata.type\":\"Edm.Int32\",\"RowKey\":\"r\"}"),
                400, "InvalidInput");
        assertRawError(raw().send("PUT", SignedHttp.entityPath(table.getTableName(), "p", "1"),
                "{\"PartitionKey\":\"p\",\"RowKey\":\"1\",\"RowKey@odata.type\":\"Edm.Int64\"}"), 400, "InvalidInput");
        assertRawError(raw().send("POST", path, "{\"PartitionKey\":1,\"RowKey\":\"r\"}"), 400, "InvalidInput");
        assertThat(table.listEntities()).isEmpty();
        // Typed as a string, a key is what it always is.
        assertThat(raw().send("POST", path, "{\"PartitionKey\":\"p\",\"PartitionKey@odata.type\":\"Edm.String\","
                + "\"RowKey\":\"r\",\"RowKey@odata.type\":\"Edm.String\"}").status()).isEqualTo(201);
        assertThat(table.getEntity("p", "r")).isNotNull();
    }

    @Test
    void aTypeAnnotationWithoutItsPropertyIsInvalidInput() {
        TableClient table = SERVERS.newTable(FIXTURE, "Orphan");
        table.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        assertRawError(raw().send("POST", "/" + table.getTableName(),
                "{\"PartitionKey\":\"p\",\"RowKey\":\"n\",\"Ghost@odata.type\":\"Edm.Int64\"}"), 400, "InvalidInput");
        assertRawError(raw().send("MERGE", SignedHttp.entityPath(table.getTableName(), "p", "r"),
                "{\"V\":2,\"Ghost@odata.type\":\"Edm.Int64\"}", "If-Match", "*"), 400, "InvalidInput");
        assertThat(table.listEntities()).singleElement()
                .satisfies(e -> assertThat(e.getProperties()).containsEntry("V", 1).doesNotContainKey("Ghost"));
    }

    @Test
    void aBodyDeclaredAsNotJsonIsAnUnsupportedMediaType() {
        TableClient table = SERVERS.newTable(FIXTURE, "Plain");
        table.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        String name = table.getTableName();
        for (String type : new String[] {"text/plain", "application/xml", "application/x-www-form-urlencoded"}) {
            assertRawError(raw().send("POST", "/" + name, "{\"PartitionKey\":\"p\",\"RowKey\":\"n\"}",
                    "Content-Type", type), 415, "MediaTypeNotSupported");
            assertRawError(raw().send("PUT", SignedHttp.entityPath(name, "p", "r"), "{\"V\":2}", "Content-Type", type),
                    415, "MediaTypeNotSupported");
            assertRawError(raw().send("POST", "/Tables", "{\"TableName\":\"" + name + "x\"}", "Content-Type", type),
                    415, "MediaTypeNotSupported");
        }
        assertThat(table.listEntities()).singleElement()
                .satisfies(e -> assertThat(e.getProperty("V")).isEqualTo(1));
        assertThat(raw().get("/Tables('" + name + "x')").status()).isEqualTo(404);
        // A DELETE without a body may say what it likes.
        assertThat(raw().send("DELETE", SignedHttp.entityPath(name, "p", "r"), null, "If-Match", "*",
                "Content-Type", "text/plain").status()).isEqualTo(204);
    }

    @Test
    void topZeroAnswersAnEmptyPage() {
        TableClient table = SERVERS.newTable(FIXTURE, "TopZero");
        table.createEntity(new TableEntity("p", "r"));
        RawResponse page = raw().get("/" + table.getTableName() + "()?$top=0");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.values()).isEmpty();
        assertThat(raw().get("/Tables?$top=0").values()).isEmpty();
    }

    @Test
    void filtersFarBeyondFifteenComparisonsAreServed() {
        TableClient table = SERVERS.newTable(FIXTURE, "ManyOr");
        for (int i = 0; i < 20; i++) {
            table.createEntity(new TableEntity("p", String.format("r%03d", i)));
        }
        List<String> comparisons = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            comparisons.add(String.format("RowKey eq 'r%03d'", i * 2));
        }
        List<String> found = new ArrayList<>();
        table.listEntities(new ListEntitiesOptions().setFilter(String.join(" or ", comparisons)), null, null)
                .forEach(e -> found.add(e.getRowKey()));
        assertThat(found).containsExactly("r000", "r002", "r004", "r006", "r008", "r010", "r012", "r014", "r016",
                "r018");
    }
}
