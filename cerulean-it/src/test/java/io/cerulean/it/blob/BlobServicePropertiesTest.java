package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobCorsRule;
import com.azure.storage.blob.models.BlobServiceProperties;
import io.cerulean.it.ServerFixture;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Set Blob Service Properties: the values the Blob service alone refuses. */
class BlobServicePropertiesTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @Test
    void aDefaultServiceVersionThatIsNotAVersionIsInvalidXmlNodeValue() {
        BlobServiceClient service = SERVERS.service(ONE_STORE);
        int rulesBefore = service.getProperties().getCors().size();

        assertBlobError(() -> service.setProperties(new BlobServiceProperties().setDefaultServiceVersion("abc")
                .setCors(List.of(new BlobCorsRule().setAllowedOrigins("*")
                        .setAllowedMethods("GET").setAllowedHeaders("").setExposedHeaders("")
                        .setMaxAgeInSeconds(5)))), 400, "InvalidXmlNodeValue");

        assertThat(service.getProperties().getCors()).as("CORS rules sent beside it").hasSize(rulesBefore);
        service.setProperties(new BlobServiceProperties().setDefaultServiceVersion("2025-01-05"));
    }
}
