package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/** Export and import through a table's SAS URL, as a user given no key would. */
class SasEndpointTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @TempDir
    Path dir;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** The table's own URL, path-style (the account, then the table), with a SAS. */
    private static String sasUrl(ServerFixture fixture, TableClient table, String permissions) {
        String sas = table.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableSasPermission.parse(permissions)));
        String account = SERVERS.server(fixture).cerulean().endpoint("devstoreaccount1").replaceAll("/+$", "");
        return account + "/" + table.getTableName() + "?" + sas;
    }

    @ParameterizedTest
    @EachStore
    void aTableSasExportsTheTableItNamesAndAnAddOnlySasImports(ServerFixture fixture) throws IOException {
        TableClient source = SERVERS.newTable(fixture, "SasSource");
        source.createEntity(new TableEntity("p", "a").addProperty("N", 1));
        source.createEntity(new TableEntity("p", "b").addProperty("N", 2));
        TableClient target = SERVERS.newTable(fixture, "SasTarget");
        Path file = dir.resolve("sas.jsonl");

        String readSas = sasUrl(fixture, source, "r");
        Cli exported = Cli.run("export", "--sas-url", readSas, "-o", file.toString());
        String addSas = sasUrl(fixture, target, "au");
        Cli imported = Cli.run("import", target.getTableName(), file.toString(), "--sas-url", addSas);

        assertThat(exported.exit()).as(exported.toString()).isZero();
        assertThat(imported.exit()).as(imported.toString()).isZero();
        assertThat(target.listEntities().stream().map(e -> e.getProperty("N"))).containsExactly(1, 2);
        String signature = readSas.replaceAll(".*sig=([^&]+).*", "$1");
        assertThat(exported.err() + imported.err()).doesNotContain(signature)
                .doesNotContain(addSas.replaceAll(".*sig=([^&]+).*", "$1"));
    }
}
