package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cerulean serve --faults FILE}: the rules are in force from the start, and a file that cannot be read is exit 4. */
class FaultsCommandLineTest {
    @TempDir
    Path temp;

    @Test
    void theRulesOfTheFileApplyFromTheStart() throws IOException {
        Path rules = Files.writeString(temp.resolve("faults.json"), """
                {"rules": [{"name": "busy orders", "fault": "ServerBusy", "resource": "orders"}]}
                """);
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp)
                .args("--faults", rules.toString()).start()) {
            ServerProcess.serviceClient(server.connectionString()).createTable("invoices");
            TableClient invoices = ServerProcess.tableClient(server.connectionString(), "invoices");
            invoices.createEntity(new TableEntity("p", "r"));
            TableClient orders = ServerProcess.tableClient(server.connectionString(), "orders");
            assertThatThrownBy(() -> orders.createEntity(new TableEntity("p", "r")))
                    .isInstanceOfSatisfying(TableServiceException.class, e -> {
                        assertThat(e.getResponse().getStatusCode()).isEqualTo(503);
                        assertThat(e.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo("ServerBusy");
                    });
            assertThat(server.output()).contains("fault injected by rule 'busy orders'");
        }
    }

    @Test
    void aFileThatCannotBeReadExits4SayingWhy() throws IOException {
        Path rules = Files.writeString(temp.resolve("faults.json"), "[{\"fault\": \"Slow\"}]");
        ServerProcess.Exited exited = ServerProcess.launch().inMemory().workDir(temp)
                .args("--faults", rules.toString()).run();
        assertThat(exited.code()).isEqualTo(4);
        assertThat(exited.stderr()).startsWith("cerulean: the fault rules " + rules)
                .contains("rule 1: \"fault\" is one of");

        ServerProcess.Exited missing = ServerProcess.launch().inMemory().workDir(temp)
                .args("--faults", temp.resolve("none.json").toString()).run();
        assertThat(missing.code()).isEqualTo(4);
        assertThat(missing.stderr()).startsWith("cerulean: cannot read the fault rules");
    }
}
