package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code AZURITE_ACCOUNTS} as Azurite reads it: keys that are not base64 are decoded the way Node's
 * {@code Buffer.from(key, 'base64')} decodes them, so clients signing with those bytes, as they do
 * against Azurite, keep working.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AzuriteAccountsTest {
    private static final String KEY1 = "s3cr3t*value";
    private static final String KEY2 = "my_account-key.2024";
    // What Buffer.from(key, 'base64').toString('base64') prints for each: '*' and '.' skipped, '_' and '-'
    // read as '/' and '+'.
    private static final String KEY1_AS_AZURITE_READS_IT = "s3cr3tvaluc=";
    private static final String KEY2_AS_AZURITE_READS_IT = "my/account+key202w==";

    @TempDir
    Path temp;

    @Test
    void keysThatAreNotBase64AreReadAsAzuriteReadsThem() {
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp)
                .env("AZURITE_ACCOUNTS", "legacy:" + KEY1 + ":" + KEY2).start()) {
            roundTrip(server, KEY1_AS_AZURITE_READS_IT, "withkeyone");
            roundTrip(server, KEY2_AS_AZURITE_READS_IT, "withkeytwo");

            assertThat(server.output()).as("a warning names the account and the key's place")
                    .contains("key 1 of account 'legacy' in AZURITE_ACCOUNTS is not base64")
                    .contains("key 2 of account 'legacy' in AZURITE_ACCOUNTS is not base64");
            assertThat(server.output()).as("keys are not logged").doesNotContain(KEY1, KEY2,
                    KEY1_AS_AZURITE_READS_IT, KEY2_AS_AZURITE_READS_IT);
        }
    }

    private static void roundTrip(ServerProcess server, String key, String tableName) {
        String connectionString = server.connectionString("legacy", key);
        TableServiceClient service = server.serviceClient(connectionString);
        TableClient table = service.createTable(tableName);
        table.createEntity(new TableEntity("pk", "rk").addProperty("Key", tableName));
        assertThat(ServerProcess.tableClient(connectionString, tableName).getEntity("pk", "rk").getProperty("Key"))
                .isEqualTo(tableName);
    }
}
