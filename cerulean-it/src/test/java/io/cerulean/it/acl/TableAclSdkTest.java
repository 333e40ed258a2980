package io.cerulean.it.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableAccessPolicy;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableSignedIdentifier;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Get and Set Table ACL (contract 3.5, 3.6) through the Java SDK's access-policy calls. */
class TableAclSdkTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    // The SDK sends times to the second with the caller's offset; the server keeps the instant.
    private static final OffsetDateTime START = OffsetDateTime.of(2021, 7, 8, 11, 10, 9, 0, ZoneOffset.ofHours(2));
    private static final OffsetDateTime EXPIRY = OffsetDateTime.of(2031, 12, 31, 23, 59, 58, 0, ZoneOffset.UTC);

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    static TableSignedIdentifier identifier(String id, OffsetDateTime start, OffsetDateTime expiry, String permissions) {
        return new TableSignedIdentifier(id).setAccessPolicy(new TableAccessPolicy()
                .setStartsOn(start).setExpiresOn(expiry).setPermissions(permissions));
    }

    /** What a test compares: a policy without fields is the same whether the SDK shows no policy or an empty one. */
    record Policy(String id, OffsetDateTime start, OffsetDateTime expiry, String permissions) {
        static List<Policy> of(List<TableSignedIdentifier> identifiers) {
            List<Policy> policies = new ArrayList<>();
            for (TableSignedIdentifier identifier : identifiers) {
                TableAccessPolicy p = identifier.getAccessPolicy();
                policies.add(p == null ? new Policy(identifier.getId(), null, null, null)
                        : new Policy(identifier.getId(), utc(p.getStartsOn()), utc(p.getExpiresOn()), p.getPermissions()));
            }
            return policies;
        }

        private static OffsetDateTime utc(OffsetDateTime time) {
            return time == null ? null : time.withOffsetSameInstant(ZoneOffset.UTC);
        }
    }

    /**
     * The table's identifiers as the SDK reads them. SDK 12.5.0 gives null rather than an empty list for
     * {@code <SignedIdentifiers />} and for {@code <SignedIdentifiers></SignedIdentifiers>} alike, as it
     * would against the service.
     */
    static List<TableSignedIdentifier> identifiers(TableClient table) {
        List<TableSignedIdentifier> identifiers = table.getAccessPolicies().getIdentifiers();
        return identifiers == null ? List.of() : identifiers;
    }

    /** Checks an SDK call failed with this status and Azure code (XML error bodies: the SDK reads the header). */
    static void assertSdkError(Runnable call, int status, String code) {
        HttpResponseException e = catchThrowableOfType(call::run, HttpResponseException.class);
        assertThat(e).as("expected %d %s", status, code).isNotNull();
        assertThat(e.getResponse().getStatusCode()).as("status of %s", e.getMessage()).isEqualTo(status);
        String actual = e instanceof TableServiceException tse && tse.getValue() != null
                && tse.getValue().getErrorCode() != null
                ? tse.getValue().getErrorCode().toString() : e.getResponse().getHeaderValue("x-ms-error-code");
        assertThat(actual).as("code of %s", e.getMessage()).isEqualTo(code);
    }

    @ParameterizedTest
    @EachStore
    void policiesSetAreReadBackWithIdsTimesAndPermissions(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Acl");
        table.setAccessPolicies(List.of(
                identifier("full", START, EXPIRY, "raud"),
                identifier("readonly", null, null, "r"),
                identifier("until", null, EXPIRY, null),
                new TableSignedIdentifier("bare"),
                new TableSignedIdentifier("emptypolicy").setAccessPolicy(new TableAccessPolicy())));

        assertThat(Policy.of(identifiers(table))).containsExactly(
                new Policy("full", START.withOffsetSameInstant(ZoneOffset.UTC), EXPIRY, "raud"),
                new Policy("readonly", null, null, "r"),
                new Policy("until", null, EXPIRY, null),
                new Policy("bare", null, null, null),
                new Policy("emptypolicy", null, null, null));
    }

    @ParameterizedTest
    @EachStore
    void aNewTableHasNoPoliciesAndAnEmptyListClearsThem(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "AclClear");
        assertThat(identifiers(table)).isEmpty();
        table.setAccessPolicies(List.of(identifier("p1", null, EXPIRY, "r"), identifier("p2", START, null, "a")));
        assertThat(identifiers(table)).hasSize(2);

        table.setAccessPolicies(List.of());
        assertThat(identifiers(table)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void sixPoliciesAreRefusedAsInvalidXmlDocumentAndChangeNothing(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "AclSix");
        table.setAccessPolicies(List.of(identifier("kept", null, EXPIRY, "r")));
        List<TableSignedIdentifier> six = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            six.add(identifier("p" + i, null, EXPIRY, "r"));
        }
        assertSdkError(() -> table.setAccessPolicies(six), 400, "InvalidXmlDocument");
        assertThat(Policy.of(identifiers(table)))
                .containsExactly(new Policy("kept", null, EXPIRY, "r"));
    }

    @ParameterizedTest
    @EachStore
    void badValuesAreInvalidXmlNodeValue(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "AclBad");
        assertSdkError(() -> table.setAccessPolicies(List.of(identifier("p", null, null, "rwx"))), 400,
                "InvalidXmlNodeValue");
        assertSdkError(() -> table.setAccessPolicies(List.of(identifier("x".repeat(65), null, null, "r"))), 400,
                "InvalidXmlNodeValue");
        assertThat(identifiers(table)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void aMissingTableIsTableNotFound(ServerFixture fixture) {
        TableClient missing = SERVERS.service(fixture).getTableClient(SharedServers.uniqueTableName("AclNone"));
        assertSdkError(missing::getAccessPolicies, 404, "TableNotFound");
        assertSdkError(() -> missing.setAccessPolicies(List.of(identifier("p", null, EXPIRY, "r"))), 404,
                "TableNotFound");
    }

    @ParameterizedTest
    @EachStore
    void aTableDeletedAndCreatedAgainHasNoPolicies(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        TableClient table = SERVERS.newTable(fixture, "AclAgain");
        table.setAccessPolicies(List.of(identifier("p1", START, EXPIRY, "raud")));
        service.deleteTable(table.getTableName());
        service.createTable(table.getTableName());
        assertThat(identifiers(table)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void aTableSasCanUseTheTableButNotReadOrSetItsAcl(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "AclSas");
        table.createEntity(new TableEntity("p", "r"));
        table.setAccessPolicies(List.of(identifier("p1", null, EXPIRY, "r")));
        String sas = table.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableSasPermission.parse("raud")));
        TableClient withSas = sasClient(fixture, table.getTableName(), sas);

        assertThat(withSas.getEntity("p", "r").getRowKey()).isEqualTo("r");
        assertSdkError(withSas::getAccessPolicies, 403, "AuthorizationFailure");
        assertSdkError(() -> withSas.setAccessPolicies(List.of()), 403, "AuthorizationFailure");
        assertThat(identifiers(table)).hasSize(1);
    }

    @ParameterizedTest
    @EachStore
    void aSasNamingAStoredPolicyWorksUntilThePolicyIsRemoved(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "AclSi");
        table.createEntity(new TableEntity("p", "r"));
        table.setAccessPolicies(List.of(identifier("readers", null, OffsetDateTime.now().plusHours(1), "r")));
        TableClient withSas = sasClient(fixture, table.getTableName(),
                table.generateSas(new TableSasSignatureValues("readers")));
        assertThat(withSas.getEntity("p", "r").getRowKey()).isEqualTo("r");

        table.setAccessPolicies(List.of());
        HttpResponseException e = catchThrowableOfType(() -> withSas.getEntity("p", "r"), HttpResponseException.class);
        assertThat(e.getResponse().getStatusCode()).isEqualTo(403);
    }

    private static TableClient sasClient(ServerFixture fixture, String tableName, String sas) {
        return new TableClientBuilder().endpoint(SERVERS.server(fixture).cerulean().endpoint("devstoreaccount1"))
                .tableName(tableName).sasToken(sas).retryOptions(SharedServers.noRetries()).buildClient();
    }
}
