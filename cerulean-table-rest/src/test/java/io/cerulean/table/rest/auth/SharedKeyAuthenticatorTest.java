package io.cerulean.table.rest.auth;

import static io.cerulean.table.rest.auth.Signatures.sign;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.auth.SharedKeyAuthenticator;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Contract sections 9.1-9.3. Every signature here is computed by the test itself from the
 * documented string-to-sign, never by the class under test.
 */
class SharedKeyAuthenticatorTest {
    private static final String DEV = Account.DEVELOPMENT_NAME;
    private static final String DEV_KEY = Account.DEVELOPMENT_KEY;
    private static final String OTHER_KEY1 = Base64.getEncoder().encodeToString("other-account-key-one".getBytes());
    private static final String OTHER_KEY2 = Base64.getEncoder().encodeToString("other-account-key-two".getBytes());
    private static final String DATE = "Tue, 01 Feb 2022 20:52:39 GMT";
    private static final String OTHER_DATE = "Wed, 02 Feb 2022 08:00:00 GMT";

    /** The server's clock reads the requests' date, so that only the skew tests see a gap. */
    private static final Instant NOW = ZonedDateTime.parse(DATE, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
    private static final Accounts ACCOUNTS = new Accounts(List.of(
            Account.development(), Account.of("other", OTHER_KEY1, OTHER_KEY2)));

    private final SharedKeyAuthenticator authenticator =
            TableAuthentication.sharedKey(ACCOUNTS, Clock.fixed(NOW, ZoneOffset.UTC));

    private static AzureRequest request(String method, String rawPath, Map<String, List<String>> query,
                                        String... headerPairs) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        return new AzureRequest(method, rawPath, query, headers, new byte[0], false, "127.0.0.1");
    }

    private static AzureRequest get(String rawPath, String... headerPairs) {
        return request("GET", rawPath, Map.of(), headerPairs);
    }

    private ErrorCode failure(AzureRequest request, String pathAccount) {
        ServiceException e = catchThrowableOfType(ServiceException.class,
                () -> authenticator.authenticate(request, pathAccount));
        assertThat(e).as("request should be refused").isNotNull();
        return e.errorCode();
    }

    @Test
    void knownAnswerVectorForSharedKeyLiteWithTheDevelopmentKey() {
        // Computed once with: printf 'Tue, 01 Feb 2022 20:52:39 GMT\n/devstoreaccount1/devstoreaccount1/Tables'
        //   | openssl dgst -sha256 -mac HMAC -macopt hexkey:<hex of decoded dev key> -binary | base64
        String expected = "5cvd+PqAMIPvd3yFkOaTX0ovkvUQ88pT8L0A18C9fqY=";
        assertThat(sign(DEV_KEY, DATE + "\n/devstoreaccount1/devstoreaccount1/Tables")).isEqualTo(expected);
        AzureRequest request = get("/devstoreaccount1/Tables",
                "Date", DATE, "Authorization", "SharedKeyLite devstoreaccount1:" + expected);
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);
    }

    @Test
    void knownAnswerVectorForSharedKeyWithTheDevelopmentKey() {
        // Same openssl recipe over 'GET\n\napplication/json\n<date>\n/devstoreaccount1/devstoreaccount1/Tables'.
        String expected = "i/vzWiyMAAfHlUXX2ErzOcMVHoi7QHjX+MPgPiYlUGA=";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE, "Content-Type", "application/json",
                "Authorization", "SharedKey devstoreaccount1:" + expected);
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);
    }

    @Test
    void sharedKeyWithXmsDateSignsVerbMd5TypeDateAndResource() {
        String sts = "POST\nCY9rzUYh03PK3k6DJie09g==\napplication/json\n" + DATE
                + "\n/devstoreaccount1/devstoreaccount1/mytable";
        AzureRequest request = request("POST", "/devstoreaccount1/mytable", Map.of(), "x-ms-date", DATE,
                "Content-MD5", "CY9rzUYh03PK3k6DJie09g==", "Content-Type", "application/json",
                "Authorization", "SharedKey devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);
    }

    @Test
    void sharedKeyWithDateHeaderOnly() {
        String sts = "DELETE\n\n\n" + DATE + "\n/devstoreaccount1/devstoreaccount1/Tables('t')";
        AzureRequest request = request("DELETE", "/devstoreaccount1/Tables('t')", Map.of(), "Date", DATE,
                "Authorization", "SharedKey devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);
    }

    @Test
    void sharedKeyLiteWithXmsDateWhichWinsOverDate() {
        String sts = DATE + "\n/devstoreaccount1/devstoreaccount1/Tables";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE, "Date", OTHER_DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);
    }

    @Test
    void sharedKeyLiteWithEmptyDateLineAsJavaBuildsItWhenXmsDateIsPresent() {
        String sts = "\n/devstoreaccount1/devstoreaccount1/Tables";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);
    }

    @Test
    void compQueryParameterIsPartOfTheResourceButOtherParametersAreNot() {
        String sts = DATE + "\n/devstoreaccount1/devstoreaccount1/mytable?comp=acl";
        AzureRequest request = request("GET", "/devstoreaccount1/mytable",
                Map.of("comp", List.of("acl"), "timeout", List.of("30")), "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);

        String withoutComp = sign(DEV_KEY, DATE + "\n/devstoreaccount1/devstoreaccount1/mytable");
        AzureRequest unsigned = request("GET", "/devstoreaccount1/mytable", Map.of("comp", List.of("acl")),
                "x-ms-date", DATE, "Authorization", "SharedKeyLite devstoreaccount1:" + withoutComp);
        assertThat(failure(unsigned, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void percentEncodedPathIsSignedAsSent() {
        String path = "/devstoreaccount1/mytable(PartitionKey='a%20b',RowKey='caf%C3%A9%27%27')";
        String sts = "PUT\n\napplication/json\n" + DATE + "\n/devstoreaccount1" + path;
        AzureRequest request = request("PUT", path, Map.of(), "x-ms-date", DATE, "Content-Type", "application/json",
                "Authorization", "SharedKey devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);
    }

    @Test
    void secondaryPathSignedAsSentOrWithThePrimaryName() {
        String path = "/devstoreaccount1-secondary/Tables";
        for (String signedPath : List.of(path, "/devstoreaccount1/Tables")) {
            String sts = DATE + "\n/devstoreaccount1" + signedPath;
            AzureRequest request = get(path, "x-ms-date", DATE,
                    "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
            assertThat(authenticator.authenticate(request, DEV)).as(signedPath).isEqualTo(DEV);
        }
    }

    @Test
    void secondaryServiceSignedOverThePrimaryPathAsPythonSignsStats() {
        // Python signs the primary URL's path, then sends the request to /<account>-secondary/<account>/.
        String sts = "GET\n\n\n" + DATE + "\n/devstoreaccount1/devstoreaccount1/?comp=stats";
        Map<String, List<String>> stats = Map.of("restype", List.of("service"), "comp", List.of("stats"));
        String authorization = "SharedKey devstoreaccount1:" + sign(DEV_KEY, sts);
        AzureRequest request = request("GET", "/devstoreaccount1-secondary/devstoreaccount1/", stats,
                "x-ms-date", DATE, "Authorization", authorization);
        assertThat(authenticator.authenticate(request, DEV)).isEqualTo(DEV);

        // Nowhere else: not on the primary, and not for a table that happens to bear the account's name.
        AzureRequest primary = request("GET", "/devstoreaccount1/devstoreaccount1/", stats,
                "x-ms-date", DATE, "Authorization", authorization);
        assertThat(failure(primary, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        String tableSts = "GET\n\n\n" + DATE + "\n/devstoreaccount1/devstoreaccount1/";
        AzureRequest table = request("GET", "/devstoreaccount1-secondary/devstoreaccount1/", Map.of(),
                "x-ms-date", DATE, "Authorization", "SharedKey devstoreaccount1:" + sign(DEV_KEY, tableSts));
        assertThat(failure(table, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void eitherKeyOfAnAccountIsAccepted() {
        for (String key : List.of(OTHER_KEY1, OTHER_KEY2)) {
            String sts = DATE + "\n/other/other/Tables";
            AzureRequest request = get("/other/Tables", "x-ms-date", DATE,
                    "Authorization", "SharedKeyLite other:" + sign(key, sts));
            assertThat(authenticator.authenticate(request, "other")).isEqualTo("other");
        }
    }

    @ParameterizedTest(name = "server clock {0} minutes from the request date: accepted {1}")
    @CsvSource({"0, true", "14, true", "-14, true", "16, false", "-16, false", "600, false"})
    void requestDateMustBeWithinFifteenMinutesOfTheServerClock(int minutesAhead, boolean accepted) {
        String sts = DATE + "\n/devstoreaccount1/devstoreaccount1/Tables";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        SharedKeyAuthenticator skewed = TableAuthentication.sharedKey(ACCOUNTS,
                Clock.fixed(NOW.plusSeconds(60L * minutesAhead), ZoneOffset.UTC));
        if (accepted) {
            assertThat(skewed.authenticate(request, DEV)).isEqualTo(DEV);
        } else {
            ServiceException e = catchThrowableOfType(ServiceException.class,
                    () -> skewed.authenticate(request, DEV));
            assertThat(e.errorCode()).isEqualTo(CommonError.AUTHENTICATION_FAILED);
            assertThat(e.details().get("AuthenticationErrorDetail")).contains("Request date header too old")
                    .doesNotContain(DEV_KEY);
        }
    }

    @Test
    void signedRequestWithoutAnyDateHeaderIsAuthenticationFailed() {
        String sts = "\n/devstoreaccount1/devstoreaccount1/Tables";
        AzureRequest request = get("/devstoreaccount1/Tables",
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(failure(request, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void wrongSignatureIsAuthenticationFailed() {
        String sts = DATE + "\n/devstoreaccount1/devstoreaccount1/Tables()";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(failure(request, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void signatureOverADifferentDateIsAuthenticationFailed() {
        String sts = OTHER_DATE + "\n/devstoreaccount1/devstoreaccount1/Tables";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(failure(request, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void sharedKeySignatureSentAsSharedKeyLiteIsAuthenticationFailed() {
        String sts = "GET\n\n\n" + DATE + "\n/devstoreaccount1/devstoreaccount1/Tables";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(failure(request, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void wrongKeyIsAuthenticationFailed() {
        String sts = DATE + "\n/devstoreaccount1/devstoreaccount1/Tables";
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(OTHER_KEY1, sts));
        assertThat(failure(request, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void unknownAccountIsAuthenticationFailed() {
        String sts = DATE + "\n/nobody/nobody/Tables";
        AzureRequest request = get("/nobody/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite nobody:" + sign(DEV_KEY, sts));
        assertThat(failure(request, "nobody")).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void accountInHeaderDifferentFromAccountInPathIsAuthenticationFailed() {
        // Correctly signed for devstoreaccount1, but the URL names the other account.
        String sts = DATE + "\n/devstoreaccount1/other/Tables";
        AzureRequest request = get("/other/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:" + sign(DEV_KEY, sts));
        assertThat(failure(request, "other")).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void unknownSchemesAreAuthenticationFailed() {
        String signature = sign(DEV_KEY, DATE + "\n/devstoreaccount1/devstoreaccount1/Tables");
        for (String scheme : List.of("SharedKeyX", "Basic", "Bearer", "sharedkeylite")) {
            AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                    "Authorization", scheme + " devstoreaccount1:" + signature);
            assertThat(failure(request, DEV)).as(scheme).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        }
    }

    @Test
    void missingOrMalformedAuthorizationHeaderIsAuthenticationFailed() {
        assertThat(failure(get("/devstoreaccount1/Tables", "x-ms-date", DATE), DEV))
                .isEqualTo(CommonError.AUTHENTICATION_FAILED);
        for (String header : List.of("", "SharedKeyLite", "SharedKeyLite devstoreaccount1", "devstoreaccount1:abc")) {
            AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE, "Authorization", header);
            assertThat(failure(request, DEV)).as(header).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        }
    }

    @Test
    void nonBase64SignatureIsAuthenticationFailed() {
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:not*base64!");
        assertThat(failure(request, DEV)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void refusalMessageNeverContainsTheKey() {
        AzureRequest request = get("/devstoreaccount1/Tables", "x-ms-date", DATE,
                "Authorization", "SharedKeyLite devstoreaccount1:AAAA");
        ServiceException e = catchThrowableOfType(ServiceException.class,
                () -> authenticator.authenticate(request, DEV));
        assertThat(e.getMessage()).doesNotContain(DEV_KEY).doesNotContain(DEV_KEY.substring(0, 20));
        assertThat(e.details().get("AuthenticationErrorDetail")).contains("'AAAA'")
                .doesNotContain(DEV_KEY).doesNotContain(DEV_KEY.substring(0, 20));
    }
}
