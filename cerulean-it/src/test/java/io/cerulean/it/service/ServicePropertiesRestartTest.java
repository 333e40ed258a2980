package io.cerulean.it.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Cerulean;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Service properties, CORS rules included, are durable: a server restarted on the same RocksDB directory serves them. */
class ServicePropertiesRestartTest {
    @TempDir
    Path dataDir;

    @Test
    void propertiesAndCorsRulesSurviveARestart() {
        try (Cerulean first = Cerulean.builder().dataDir(dataDir).port(0).start()) {
            SharedServers.serviceClient(first.connectionString()).setProperties(ServicePropertiesSdkTest.everySection());
        }
        try (Cerulean second = Cerulean.builder().dataDir(dataDir).port(0).start()) {
            ServicePropertiesSdkTest.assertSameProperties(
                    SharedServers.serviceClient(second.connectionString()).getProperties(),
                    ServicePropertiesSdkTest.everySection());
            RawResponse preflight = new SignedHttp(second.port()).sendUnsigned("OPTIONS", "/Tables", null,
                    "Origin", "http://www.fabrikam.com", "Access-Control-Request-Method", "PUT");
            assertThat(preflight.status()).as("%s", preflight).isEqualTo(200);
            assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo("http://www.fabrikam.com");
        }
    }
}
