package io.cerulean.tools.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StorageEndpointTest {
    @Test
    void aPathStyleSasUrlKeepsItsAccountInTheServiceUrlAndNamesItsResource() {
        StorageEndpoint endpoint = StorageEndpoint.parse("http://127.0.0.1:10000/devstoreaccount1/photos?sv=2021&sig=abc");

        assertThat(endpoint.resource()).contains("photos");
        assertThat(endpoint.blobs().getAccountUrl()).isEqualTo("http://127.0.0.1:10000/devstoreaccount1");
        assertThat(endpoint.toString()).doesNotContain("sig").contains("photos");
    }

    @Test
    void aHostStyleSasUrlHasItsAccountInTheHostName() {
        StorageEndpoint endpoint = StorageEndpoint.parse("https://acct.table.core.windows.net/orders?sv=2021&sig=abc");

        assertThat(endpoint.resource()).contains("orders");
        assertThat(endpoint.tables().getServiceEndpoint()).isEqualTo("https://acct.table.core.windows.net");
    }

    @Test
    void aServiceSasUrlNamesNoResource() {
        assertThat(StorageEndpoint.parse("http://localhost:10001/devstoreaccount1?sv=1&sig=x").resource()).isEmpty();
    }

    @Test
    void aConnectionStringIsShownByItsAccountNeverItsKey() {
        StorageEndpoint endpoint = StorageEndpoint.parse("DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
                + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
                + "TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;");

        assertThat(endpoint.toString()).isEqualTo("account devstoreaccount1 (connection string)");
        assertThat(endpoint.tables().getServiceEndpoint()).isEqualTo("http://127.0.0.1:10002/devstoreaccount1");
    }

    @Test
    void aUrlWithoutASasOrTextThatIsNeitherIsRefusedWithoutEchoingIt() {
        assertThatThrownBy(() -> StorageEndpoint.parse("http://127.0.0.1:10000/devstoreaccount1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SAS");
        assertThatThrownBy(() -> StorageEndpoint.parse("Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50u"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("OUzFT50u");
    }
}
