package io.cerulean.it.service;

import static io.cerulean.it.service.ServicePropertiesRawHttpTest.xmlErrorCode;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobCorsRule;
import com.azure.storage.blob.models.BlobServiceProperties;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * CORS on the wire ("CORS support for the Azure Storage services", "Preflight Table Request"):
 * anonymous preflights decided by the account's rules, and the headers of actual requests, whatever
 * their outcome. Rules are set through Set Table Service Properties and apply from the next request.
 */
class CorsRawHttpTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String APP = "http://app.example";
    private static final String RULES = "<?xml version=\"1.0\" encoding=\"utf-8\"?><StorageServiceProperties><Cors>"
            + "<CorsRule><AllowedOrigins>" + APP + "</AllowedOrigins><AllowedMethods>GET,PUT,DELETE</AllowedMethods>"
            + "<AllowedHeaders>x-ms-*,content-type,accept</AllowedHeaders><ExposedHeaders>x-ms-*</ExposedHeaders>"
            + "<MaxAgeInSeconds>600</MaxAgeInSeconds></CorsRule>"
            + "<CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET</AllowedMethods>"
            + "<AllowedHeaders /><ExposedHeaders>x-ms-request-id</ExposedHeaders>"
            + "<MaxAgeInSeconds>60</MaxAgeInSeconds></CorsRule>"
            + "</Cors></StorageServiceProperties>";

    private static void setRules(SignedHttp http, String document) {
        RawResponse set = http.send("PUT", "/?restype=service&comp=properties", document, "Content-Type", "application/xml");
        assertThat(set.status()).as("%s", set).isEqualTo(202);
    }

    private static RawResponse preflight(SignedHttp http, String path, String... headers) {
        return http.sendUnsigned("OPTIONS", path, null, headers);
    }

    @ParameterizedTest
    @EachStore
    void anAllowedPreflightIsAnswered200WithoutCredentials(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            setRules(http, RULES);
            RawResponse allowed = preflight(http, "/mytable(PartitionKey='a',RowKey='b')", "Origin", APP,
                    "Access-Control-Request-Method", "PUT",
                    "Access-Control-Request-Headers", "content-type,x-ms-date,x-ms-version");
            assertThat(allowed.status()).as("%s", allowed).isEqualTo(200);
            assertThat(allowed.body()).isEmpty();
            assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo(APP);
            assertThat(allowed.header("Access-Control-Allow-Methods")).isEqualTo("PUT");
            assertThat(allowed.header("Access-Control-Allow-Headers")).isEqualTo("content-type,x-ms-date,x-ms-version");
            assertThat(allowed.header("Access-Control-Max-Age")).isEqualTo("600");
            assertThat(allowed.header("Access-Control-Allow-Credentials")).isEqualTo("true");
            assertThat(allowed.header("x-ms-request-id")).isNotBlank();

            RawResponse anyOrigin = preflight(http, "/", "Origin", "http://elsewhere.example",
                    "Access-Control-Request-Method", "GET");
            assertThat(anyOrigin.status()).as("%s", anyOrigin).isEqualTo(200);
            assertThat(anyOrigin.header("Access-Control-Allow-Origin")).isEqualTo("*");
            assertThat(anyOrigin.header("Access-Control-Max-Age")).isEqualTo("60");
            assertThat(anyOrigin.header("Access-Control-Allow-Credentials")).isNull();
        }
    }

    @ParameterizedTest
    @EachStore
    void aPreflightNoRuleAllowsIs403AndOneMissingItsHeadersIs400(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            RawResponse disabled = preflight(http, "/Tables", "Origin", APP, "Access-Control-Request-Method", "GET");
            assertThat(disabled.status()).isEqualTo(403);
            assertThat(xmlErrorCode(disabled)).isEqualTo("CorsPreflightFailure");

            setRules(http, RULES);
            RawResponse method = preflight(http, "/Tables", "Origin", "http://elsewhere.example",
                    "Access-Control-Request-Method", "PUT");
            assertThat(method.status()).isEqualTo(403);
            assertThat(xmlErrorCode(method)).isEqualTo("CorsPreflightFailure");
            assertThat(method.header("Access-Control-Allow-Origin")).isNull();
            RawResponse header = preflight(http, "/Tables", "Origin", APP, "Access-Control-Request-Method", "GET",
                    "Access-Control-Request-Headers", "x-custom");
            assertThat(xmlErrorCode(header)).isEqualTo("CorsPreflightFailure");

            RawResponse noOrigin = preflight(http, "/Tables", "Access-Control-Request-Method", "GET");
            assertThat(noOrigin.status()).isEqualTo(400);
            assertThat(xmlErrorCode(noOrigin)).isEqualTo("InvalidHeaderValue");
            RawResponse noMethod = preflight(http, "/Tables", "Origin", APP);
            assertThat(noMethod.status()).isEqualTo(400);
        }
    }

    @ParameterizedTest
    @EachStore
    void actualRequestsCarryTheMatchingRulesHeadersAndNoneWithoutAMatch(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            RawResponse beforeRules = http.get("/Tables", "Origin", APP);
            assertThat(beforeRules.header("Access-Control-Allow-Origin")).isNull();
            assertThat(beforeRules.header("Vary")).isNull();

            setRules(http, RULES);
            RawResponse exact = http.get("/Tables", "Origin", APP, "x-ms-client-request-id", "c1");
            assertThat(exact.status()).as("%s", exact).isEqualTo(200);
            assertThat(exact.header("Access-Control-Allow-Origin")).isEqualTo(APP);
            assertThat(exact.header("Access-Control-Allow-Credentials")).isEqualTo("true");
            assertThat(exact.header("Vary")).isEqualTo("Origin");
            assertThat(exact.header("Access-Control-Expose-Headers").split(","))
                    .contains("x-ms-request-id", "x-ms-version", "x-ms-client-request-id")
                    .doesNotContain("Content-Type", "Date");

            RawResponse any = http.get("/Tables", "Origin", "http://elsewhere.example");
            assertThat(any.header("Access-Control-Allow-Origin")).isEqualTo("*");
            assertThat(any.header("Access-Control-Expose-Headers")).isEqualTo("x-ms-request-id");
            assertThat(any.header("Access-Control-Allow-Credentials")).isNull();
            assertThat(any.header("Vary")).isNull();

            String table = SharedServers.uniqueTableName("Cors");
            RawResponse created = http.send("POST", "/Tables", "{\"TableName\":\"" + table + "\"}",
                    "Origin", "http://elsewhere.example");
            assertThat(created.status()).as("the request runs all the same: %s", created).isEqualTo(201);
            assertThat(created.header("Access-Control-Allow-Origin")).as("no rule allows POST").isNull();
            assertThat(created.header("Vary")).as("not on POST").isNull();

            RawResponse deleted = http.send("DELETE", "/Tables('" + table + "')", null, "Origin", APP);
            assertThat(deleted.status()).isEqualTo(204);
            assertThat(deleted.header("Access-Control-Allow-Origin")).isEqualTo(APP);
            assertThat(deleted.header("Vary")).isNull();
        }
    }

    /**
     * The reference ("CORS support for the Azure Storage services", AllowedOrigins): "the origin must
     * be an exact case-sensitive match with the origin that the user agent sends to the service", or
     * the wildcard {@code *} alone for any origin. A rule listing {@code http://*.example.com} lets
     * that very string in and no subdomain of example.com; a listed origin in other letters is no
     * match either. The Blob service decides its preflights and actual requests on its own rules.
     */
    @ParameterizedTest
    @EachStore
    void anAllowedOriginIsMatchedExactlySoAStarInsideItIsNoSubdomainWildcard(ServerFixture fixture) throws Exception {
        try (ServerFixture.RunningServer server = fixture.start()) {
            BlobServiceClient blobs = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient();
            blobs.setProperties(new BlobServiceProperties().setCors(List.of(new BlobCorsRule()
                    .setAllowedOrigins("http://*.example.com,http://App.example").setAllowedMethods("GET,PUT")
                    .setAllowedHeaders("x-ms-*").setExposedHeaders("x-ms-*").setMaxAgeInSeconds(60))));
            String blobUrl = server.cerulean().blobEndpoint("devstoreaccount1") + "/somecontainer/some.txt";

            for (String refused : List.of("http://foo.example.com", "http://foo.bar.example.com", "http://app.example",
                    "http://FOO.example.com")) {
                HttpResponse<String> preflight = blobPreflight(blobUrl, refused);
                assertThat(preflight.statusCode()).as("preflight from %s", refused).isEqualTo(403);
                assertThat(preflight.headers().firstValue("x-ms-error-code")).hasValue("CorsPreflightFailure");
                HttpResponse<String> actual = HTTP.send(HttpRequest.newBuilder(URI.create(blobUrl))
                        .header("Origin", refused).GET().build(), HttpResponse.BodyHandlers.ofString());
                assertThat(actual.headers().firstValue("Access-Control-Allow-Origin")).as("GET from %s", refused)
                        .isEmpty();
                assertThat(actual.headers().firstValue("Vary")).hasValue("Origin");
            }
            for (String allowed : List.of("http://*.example.com", "http://App.example")) {
                HttpResponse<String> preflight = blobPreflight(blobUrl, allowed);
                assertThat(preflight.statusCode()).as("preflight from %s", allowed).isEqualTo(200);
                assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue(allowed);
                HttpResponse<String> actual = HTTP.send(HttpRequest.newBuilder(URI.create(blobUrl))
                        .header("Origin", allowed).GET().build(), HttpResponse.BodyHandlers.ofString());
                assertThat(actual.statusCode()).as("anonymous, and no such blob: refused all the same").isEqualTo(404);
                assertThat(actual.headers().firstValue("Access-Control-Allow-Origin")).hasValue(allowed);
            }
        }
    }

    private static HttpResponse<String> blobPreflight(String url, String origin) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Origin", origin)
                .header("Access-Control-Request-Method", "GET").method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest
    @EachStore
    void errorResponsesCarryTheHeadersToo(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            setRules(http, RULES);
            RawResponse missing = http.get("/nosuchtable()", "Origin", APP);
            assertThat(missing.status()).isEqualTo(404);
            assertThat(missing.header("Access-Control-Allow-Origin")).isEqualTo(APP);
            assertThat(missing.header("Access-Control-Expose-Headers")).contains("x-ms-error-code");

            RawResponse unsigned = http.sendUnsigned("GET", "/Tables", null, "Origin", APP);
            assertThat(unsigned.status()).isEqualTo(403);
            assertThat(unsigned.header("Access-Control-Allow-Origin")).isEqualTo(APP);
        }
    }

    @ParameterizedTest
    @EachStore
    void requestsRefusedBeforeTheyAreReadCarryTheHeadersToo(ServerFixture fixture) throws Exception {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            setRules(http, RULES);
            RawResponse tooLarge = http.send("PUT", "/mytable(PartitionKey='a',RowKey='b')",
                    "x".repeat((4 << 20) + 1000), "Origin", APP);
            assertThat(tooLarge.status()).isEqualTo(413);
            assertThat(tooLarge.header("Access-Control-Allow-Origin")).isEqualTo(APP);

            try (Socket socket = new Socket("127.0.0.1", server.cerulean().port())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(("GET /devstoreaccount1/Tables?x=%ZZ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Origin: " + APP + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.US_ASCII));
                List<String> head = new ArrayList<>();
                for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                    head.add(line);
                }
                assertThat(head.get(0)).startsWith("HTTP/1.1 400");
                assertThat(head).contains("Access-Control-Allow-Origin: " + APP);
            }
        }
    }

    @ParameterizedTest
    @EachStore
    void newRulesApplyFromTheNextRequest(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            setRules(http, RULES);
            assertThat(preflight(http, "/", "Origin", APP, "Access-Control-Request-Method", "DELETE").status())
                    .isEqualTo(200);
            setRules(http, "<StorageServiceProperties><Cors /></StorageServiceProperties>");
            assertThat(preflight(http, "/", "Origin", APP, "Access-Control-Request-Method", "DELETE").status())
                    .isEqualTo(403);
            assertThat(http.get("/Tables", "Origin", APP).header("Access-Control-Allow-Origin")).isNull();
        }
    }
}
