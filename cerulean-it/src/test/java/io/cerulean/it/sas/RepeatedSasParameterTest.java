package io.cerulean.it.sas;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A SAS that gives one of its parameters twice is refused, whichever value comes first: the
 * signature covers one value of each, and the service answers 403 AuthenticationFailed.
 */
class RepeatedSasParameterTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final ServerFixture FIXTURE = ServerFixture.IN_MEMORY;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** The SAS's own value of {@code name}, given a second time after it. */
    private static String repeated(String sas, String name) {
        for (String pair : sas.split("&")) {
            if (pair.startsWith(name + "=")) {
                return sas + "&" + pair;
            }
        }
        throw new AssertionError(name + " not in " + sas);
    }

    private static void assertRefused(RawResponse response) {
        assertThat(response.status()).as("%s", response).isEqualTo(403);
        assertThat(response.header("x-ms-error-code")).isEqualTo("AuthenticationFailed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sig", "sv", "sp", "se", "ss", "srt"})
    void anAccountSasWithARepeatedParameterIsRefused(String name) {
        TableClient table = SERVERS.newTable(FIXTURE, "SasRep");
        table.createEntity(new TableEntity("p", "r"));
        String sas = SERVERS.service(FIXTURE).generateAccountSas(new TableAccountSasSignatureValues(
                OffsetDateTime.now().plusHours(1), TableAccountSasPermission.parse("rwdlacu"),
                TableAccountSasService.parse("t"), TableAccountSasResourceType.parse("sco")));
        SignedHttp raw = SERVERS.http(FIXTURE);
        String query = "/" + table.getTableName() + "()?";
        assertThat(raw.sendUnsigned("GET", query + sas, null).status()).isEqualTo(200);
        assertRefused(raw.sendUnsigned("GET", query + repeated(sas, name), null));
        // A different second value is refused too, and nothing is written with it.
        assertRefused(raw.sendUnsigned("POST", "/" + table.getTableName() + "?" + sas + "&" + name + "=x",
                "{\"PartitionKey\":\"p\",\"RowKey\":\"new\"}"));
        assertThat(table.listEntities()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sig", "tn", "sp", "se", "spk"})
    void aTableSasWithARepeatedParameterIsRefused(String name) {
        TableClient table = SERVERS.newTable(FIXTURE, "SasRepT");
        table.createEntity(new TableEntity("p", "r"));
        String sas = table.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableSasPermission.parse("raud")).setStartPartitionKey("a").setStartRowKey("a")
                .setEndPartitionKey("z").setEndRowKey("z"));
        SignedHttp raw = SERVERS.http(FIXTURE);
        String query = "/" + table.getTableName() + "()?";
        assertThat(raw.sendUnsigned("GET", query + sas, null).status()).isEqualTo(200);
        assertRefused(raw.sendUnsigned("GET", query + repeated(sas, name), null));
    }
}
