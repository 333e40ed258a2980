package io.cerulean.table.rest.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.error.TableError;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.rest.auth.FullAccess;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Get and Set Table ACL (contract 3.5, 3.6) on a real service over the in-memory store. */
class TableAclOperationsTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final String POLICY = "<SignedIdentifiers><SignedIdentifier><Id>p1</Id><AccessPolicy>"
            + "<Expiry>2030-01-01T00:00:00Z</Expiry><Permission>r</Permission></AccessPolicy></SignedIdentifier>"
            + "</SignedIdentifiers>";

    private final TableService service = new TableService(TableLayout.open(Database.open(new MemoryKeyValueStore(), false)),
            HybridClock.system(Lease.none()), Duration.ofSeconds(5));

    private AzureResponse send(String method, String table, String comp, String body) {
        AzureRequest request = new AzureRequest(method, "/" + ACCOUNT + "/" + table, Map.of("comp", List.of(comp)),
                new DefaultHttpHeaders(), body.getBytes(StandardCharsets.UTF_8), false, "127.0.0.1");
        RequestContext context = new RequestContext(request, "test-request", PathParser.parse(request.rawPath()),
                ACCOUNT, MetadataLevel.MINIMAL_METADATA, "http://127.0.0.1:10002/" + ACCOUNT, service,
                FullAccess.SHARED_KEY);
        return method.equals("GET") ? new GetTableAcl().handle(context) : new SetTableAcl().handle(context);
    }

    private String getAcl(String table) {
        AzureResponse response = send("GET", table, "acl", "");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers()).contains(Map.entry("Content-Type", "application/xml"));
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private ErrorCode refusal(String method, String table, String comp, String body) {
        return catchThrowableOfType(() -> send(method, table, comp, body), ServiceException.class).errorCode();
    }

    @Test
    void setStoresThePoliciesAndGetReturnsThem() {
        service.createTable(ACCOUNT, "mytable");
        AzureResponse set = send("PUT", "mytable", "acl", POLICY);
        assertThat(set.status()).isEqualTo(204);
        assertThat(set.body()).isEmpty();
        assertThat(service.acl(service.table(ACCOUNT, "mytable")).policies()).containsExactly(new StoredAccessPolicy(
                "p1", Optional.empty(), Optional.of(Instant.parse("2030-01-01T00:00:00Z")), Optional.of("r")));
        assertThat(getAcl("mytable")).isEqualTo("<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers>"
                + "<SignedIdentifier><Id>p1</Id><AccessPolicy><Expiry>2030-01-01T00:00:00.0000000Z</Expiry>"
                + "<Permission>r</Permission></AccessPolicy></SignedIdentifier></SignedIdentifiers>");
    }

    @Test
    void aNewTableHasAnEmptyAcl() {
        service.createTable(ACCOUNT, "mytable");
        assertThat(getAcl("mytable")).isEqualTo("<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers />");
    }

    @Test
    void anEmptyBodyClears() {
        service.createTable(ACCOUNT, "mytable");
        send("PUT", "mytable", "acl", POLICY);
        assertThat(send("PUT", "mytable", "acl", "").status()).isEqualTo(204);
        assertThat(service.acl(service.table(ACCOUNT, "mytable"))).isEqualTo(AccessPolicies.empty());
    }

    @Test
    void theTableNameIsMatchedWithoutRegardToCase() {
        service.createTable(ACCOUNT, "MyTable");
        send("PUT", "mytable", "acl", POLICY);
        assertThat(getAcl("MYTABLE")).contains("<Id>p1</Id>");
    }

    @Test
    void aRefusedSetChangesNothing() {
        service.createTable(ACCOUNT, "mytable");
        send("PUT", "mytable", "acl", POLICY);
        String before = getAcl("mytable");
        assertThat(refusal("PUT", "mytable", "acl", "<SignedIdentifiers>")).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(refusal("PUT", "mytable", "acl", POLICY.replace(">r<", ">w<")))
                .isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        assertThat(getAcl("mytable")).isEqualTo(before);
    }

    @Test
    void aMissingTableIsTableNotFoundWhateverTheBody() {
        assertThat(refusal("GET", "nosuchtable", "acl", "")).isEqualTo(TableError.TABLE_NOT_FOUND);
        assertThat(refusal("PUT", "nosuchtable", "acl", POLICY)).isEqualTo(TableError.TABLE_NOT_FOUND);
        assertThat(refusal("PUT", "nosuchtable", "acl", "<bad")).isEqualTo(TableError.TABLE_NOT_FOUND);
    }

    @Test
    void anotherCompIsInvalidQueryParameterValue() {
        service.createTable(ACCOUNT, "mytable");
        assertThat(refusal("GET", "mytable", "properties", "")).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
        assertThat(refusal("PUT", "mytable", "ACL", POLICY)).isEqualTo(CommonError.INVALID_QUERY_PARAMETER_VALUE);
        assertThat(service.acl(service.table(ACCOUNT, "mytable"))).isEqualTo(AccessPolicies.empty());
    }

    @Test
    void aTableDeletedAndCreatedAgainStartsWithoutPolicies() {
        service.createTable(ACCOUNT, "mytable");
        send("PUT", "mytable", "acl", POLICY);
        service.deleteTable(ACCOUNT, "mytable");
        service.createTable(ACCOUNT, "mytable");
        assertThat(getAcl("mytable")).endsWith("<SignedIdentifiers />");
    }
}
