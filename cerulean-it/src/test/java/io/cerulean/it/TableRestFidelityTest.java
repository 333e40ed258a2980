package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Requests the service answers and Cerulean once answered otherwise, each as a client sends it:
 * weak ETags Cerulean never issued, malformed and unknown versions, trailing slashes, a method
 * tunnelled to itself, and Atom, which is refused by name.
 */
class TableRestFidelityTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final ServerFixture FIXTURE = ServerFixture.IN_MEMORY;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableClient tableWithEntity(String prefix) {
        TableClient table = SERVERS.newTable(FIXTURE, prefix);
        table.createEntity(new TableEntity("p", "r").addProperty("V", 0));
        return table;
    }

    private static SignedHttp raw() {
        return SERVERS.http(FIXTURE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"invalid", "2019-02-0", "2019/02/02", "2019-13-01", "20190202", "latest"})
    void aVersionThatIsNotADateIsAnInvalidHeaderValue(String version) {
        String table = SharedServers.uniqueTableName("Ver");
        RawResponse response = raw().send("POST", "/Tables", "{\"TableName\":\"" + table + "\"}",
                "x-ms-version", version);
        assertRawError(response, 400, "InvalidHeaderValue");
        assertThat(response.errorMessage()).contains("x-ms-version").contains(version);
        assertThat(response.header("x-ms-version")).isNotEqualTo(version);
        assertThat(raw().get("/Tables('" + table + "')").status()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2009-09-19", "2013-08-15", "2019-02-02", "2020-12-06", "2099-01-01"})
    void everyWellFormedVersionIsServedAndEchoed(String version) {
        RawResponse response = raw().get("/Tables", "x-ms-version", version);
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.header("x-ms-version")).isEqualTo(version);
    }
}
