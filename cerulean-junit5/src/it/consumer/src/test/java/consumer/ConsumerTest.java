package consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cerulean.http.auth.Account;
import io.cerulean.junit5.CeruleanEndpoint;
import io.cerulean.junit5.CeruleanTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

@CeruleanTest
class ConsumerTest {
    @Test
    void theJUnitThatRunsIsTheOneThisProjectDeclares() {
        assertEquals(System.getProperty("declared.junit.version"), Test.class.getPackage().getImplementationVersion());
    }

    @Test
    void theExtensionStartsAServerThatAnswers(@CeruleanEndpoint String endpoint) throws Exception {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(Account.DEVELOPMENT_KEY), "HmacSHA256"));
        String signature = Base64.getEncoder().encodeToString(mac.doFinal(
                (date + "\n/devstoreaccount1/devstoreaccount1/Tables").getBytes(StandardCharsets.UTF_8)));
        HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint + "/Tables"))
                .header("x-ms-date", date).header("x-ms-version", "2019-02-02")
                .header("Accept", "application/json;odata=nometadata")
                .header("Authorization", "SharedKeyLite devstoreaccount1:" + signature).build();
        HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"value\""), response.body());
    }
}
