package io.cerulean.it.acl;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableSignedIdentifier;
import io.cerulean.app.Cerulean;
import io.cerulean.it.acl.TableAclSdkTest.Policy;
import io.cerulean.it.support.SharedServers;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table's ACL is kept in RocksDB with the table: a server started again on the same directory has it. */
class TableAclRestartTest {
    private static final OffsetDateTime START = OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC);
    private static final OffsetDateTime EXPIRY = OffsetDateTime.of(2034, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC);

    @TempDir
    Path dataDir;

    @Test
    void theAclSurvivesARestart() {
        List<Policy> before;
        try (Cerulean cerulean = Cerulean.builder().dataDir(dataDir).port(0).start()) {
            TableClient table = SharedServers.serviceClient(cerulean.connectionString()).createTable("acltable");
            table.setAccessPolicies(List.of(TableAclSdkTest.identifier("p1", START, EXPIRY, "raud"),
                    TableAclSdkTest.identifier("p2", null, null, "r"),
                    new TableSignedIdentifier("p3")));
            before = Policy.of(TableAclSdkTest.identifiers(table));
        }
        assertThat(before).hasSize(3);

        try (Cerulean cerulean = Cerulean.builder().dataDir(dataDir).port(0).start()) {
            TableClient table = SharedServers.serviceClient(cerulean.connectionString()).getTableClient("acltable");
            assertThat(Policy.of(TableAclSdkTest.identifiers(table))).isEqualTo(before).containsExactly(
                    new Policy("p1", START, EXPIRY, "raud"), new Policy("p2", null, null, "r"),
                    new Policy("p3", null, null, null));
        }
    }
}
