package io.cerulean.table.rest.auth;

import static io.cerulean.table.rest.auth.Signatures.sign;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.auth.SasAuthenticator;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Contract 9.4 and 9.5: the string-to-sign of each SAS version the SDKs emit, written out here
 * independently of the class under test; stored access policies; the time forms of st and se.
 */
class SasAuthenticatorTest {
    private static final String KEY1 = Base64.getEncoder().encodeToString("first-key-of-the-account".getBytes());
    private static final String KEY2 = Base64.getEncoder().encodeToString("second-key-of-the-account".getBytes());
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final Map<String, AccessPolicies> acls = new LinkedHashMap<>();
    private final SasAuthenticator<AccessGrant> authenticator = TableAuthentication.sas(
            new Accounts(List.of(Account.of("Acct", KEY1, KEY2))),
            (account, table) -> Optional.ofNullable(acls.get(table.toLowerCase())), Clock.fixed(NOW, ZoneOffset.UTC));

    private static AzureRequest request(Map<String, String> sas, boolean secure, String clientAddress) {
        Map<String, List<String>> query = new LinkedHashMap<>();
        sas.forEach((k, v) -> query.put(k, List.of(v)));
        return new AzureRequest("GET", "/Acct/Orders()", query, new DefaultHttpHeaders(), new byte[0], secure,
                clientAddress);
    }

    private static Map<String, String> fields(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    private AccessGrant authenticate(Map<String, String> sas) {
        return authenticator.authenticate(request(sas, false, "127.0.0.1"), "Acct");
    }

    private ErrorCode refusal(Map<String, String> sas) {
        return refusal(request(sas, false, "127.0.0.1"));
    }

    private ErrorCode refusal(AzureRequest request) {
        ServiceException e = catchThrowableOfType(ServiceException.class,
                () -> authenticator.authenticate(request, "Acct"));
        assertThat(e).as("expected a refusal").isNotNull();
        assertThat(e.getMessage()).doesNotContain(KEY1).doesNotContain(KEY2);
        return e.errorCode();
    }

    @Test
    void tableSasSinceVersion20150405SignsTwelveLinesWithLowerCasedResource() {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "Orders", "sp", "raud", "st", "2026-03-01T00:00:00Z",
                "se", "2026-03-02T00:00:00Z", "spk", "a", "srk", "1", "epk", "b", "erk", "9", "spr", "https,http");
        String sts = "raud\n2026-03-01T00:00:00Z\n2026-03-02T00:00:00Z\n/table/acct/orders\n\n\nhttps,http\n2019-02-02\n"
                + "a\n1\nb\n9";
        sas.put("sig", sign(KEY1, sts));
        TableSasGrant grant = (TableSasGrant) authenticate(sas);
        assertThat(grant.table()).isEqualTo("Orders");
        assertThat(grant.permissions()).isEqualTo("raud");
        assertThat(grant.range()).isEqualTo(new SasKeyRange("a", "1", "b", "9"));
    }

    @Test
    void tableSasIsAcceptedWhenSignedWithTheSecondKey() {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "orders", "sp", "r", "se", "2026-03-02");
        sas.put("sig", sign(KEY2, "r\n\n2026-03-02\n/table/acct/orders\n\n\n\n2019-02-02\n\n\n\n"));
        assertThat(authenticate(sas)).isInstanceOf(TableSasGrant.class);
    }

    @Test
    void tableSasOfVersion20130815SignsTenLinesWithoutTheTablePrefix() {
        Map<String, String> sas = fields("sv", "2013-08-15", "tn", "orders", "sp", "r", "se", "2026-03-02T00:00Z");
        sas.put("sig", sign(KEY1, "r\n\n2026-03-02T00:00Z\n/acct/orders\n\n2013-08-15\n\n\n\n"));
        assertThat(authenticate(sas)).isInstanceOf(TableSasGrant.class);
    }

    @Test
    void accountSasBefore20201206EndsWithTheVersionLine() {
        Map<String, String> sas = fields("sv", "2020-04-08", "ss", "t", "srt", "sco", "sp", "rl", "se", "2026-03-02T00:00:00Z");
        sas.put("sig", sign(KEY1, "Acct\nrl\nt\nsco\n\n2026-03-02T00:00:00Z\n\n\n2020-04-08\n"));
        AccountSasGrant grant = (AccountSasGrant) authenticate(sas);
        assertThat(grant.permissions()).isEqualTo("rl");
        assertThat(grant.resourceTypes()).isEqualTo("sco");
    }

    @Test
    void accountSasFrom20201206SignsTheEncryptionScopeLineToo() {
        Map<String, String> sas = fields("sv", "2020-12-06", "ss", "t", "srt", "o", "sp", "r", "se", "2026-03-02T00:00:00Z");
        sas.put("sig", sign(KEY1, "Acct\nr\nt\no\n\n2026-03-02T00:00:00Z\n\n\n2020-12-06\n\n"));
        assertThat(authenticate(sas)).isInstanceOf(AccountSasGrant.class);
        sas.put("sig", sign(KEY1, "Acct\nr\nt\no\n\n2026-03-02T00:00:00Z\n\n\n2020-12-06\n"));
        assertThat(refusal(sas)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @ParameterizedTest(name = "se={0}: valid={1}")
    @CsvSource({"2026-03-02, true", "2026-03-01T12:01Z, true", "2026-03-01T12:00:30Z, true",
        "2026-03-01T12:00:00.5000000Z, true", "2026-03-01T11:59Z, false", "2026-03-01, false"})
    void expiryTimeFormsAndTheWindow(String expiry, boolean valid) {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "orders", "sp", "r", "se", expiry);
        sas.put("sig", sign(KEY1, "r\n\n" + expiry + "\n/table/acct/orders\n\n\n\n2019-02-02\n\n\n\n"));
        if (valid) {
            assertThat(authenticate(sas)).isInstanceOf(TableSasGrant.class);
        } else {
            assertThat(refusal(sas)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        }
    }

    @Test
    void aMalformedTimeIsAuthenticationFailedNotAServerError() {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "orders", "sp", "r", "se", "tomorrow");
        sas.put("sig", sign(KEY1, "r\n\ntomorrow\n/table/acct/orders\n\n\n\n2019-02-02\n\n\n\n"));
        assertThat(refusal(sas)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    private Map<String, String> withPolicy(String permissions, String expiry) {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "orders", "si", "readers");
        if (!permissions.isEmpty()) {
            sas.put("sp", permissions);
        }
        if (!expiry.isEmpty()) {
            sas.put("se", expiry);
        }
        sas.put("sig", sign(KEY1, permissions + "\n\n" + expiry + "\n/table/acct/orders\nreaders\n\n\n2019-02-02\n\n\n\n"));
        return sas;
    }

    @Test
    void aStoredPolicyFillsInWhatTheSasLeavesOut() {
        acls.put("orders", new AccessPolicies(List.of(new StoredAccessPolicy("readers", Optional.empty(),
                Optional.of(NOW.plusSeconds(60)), Optional.of("r")))));
        TableSasGrant grant = (TableSasGrant) authenticate(withPolicy("", ""));
        assertThat(grant.permissions()).isEqualTo("r");
    }

    @Test
    void aFieldGivenByBothTheSasAndItsPolicyIsRefused() {
        acls.put("orders", new AccessPolicies(List.of(new StoredAccessPolicy("readers", Optional.empty(),
                Optional.of(NOW.plusSeconds(60)), Optional.of("r")))));
        assertThat(refusal(withPolicy("r", ""))).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void anExpiredPolicyRevokesEverySasNamingIt() {
        acls.put("orders", new AccessPolicies(List.of(new StoredAccessPolicy("readers", Optional.empty(),
                Optional.of(NOW.minusSeconds(1)), Optional.of("r")))));
        assertThat(refusal(withPolicy("", ""))).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void aMissingPolicyIsAuthorizationFailure() {
        acls.put("orders", AccessPolicies.empty());
        assertThat(refusal(withPolicy("r", "2026-03-02"))).isEqualTo(CommonError.AUTHORIZATION_FAILURE);
    }

    @Test
    void aPolicyWithoutExpiryNeedsTheSasToGiveIt() {
        acls.put("orders", new AccessPolicies(List.of(new StoredAccessPolicy("readers", Optional.empty(),
                Optional.empty(), Optional.of("r")))));
        assertThat(refusal(withPolicy("", ""))).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        assertThat(authenticate(withPolicy("", "2026-03-02"))).isInstanceOf(TableSasGrant.class);
    }

    @Test
    void missingSignatureVersionOrNonBase64SignatureIsAuthenticationFailed() {
        assertThat(refusal(fields("tn", "orders", "sp", "r", "se", "2026-03-02", "sig", "abc="))).isEqualTo(
                CommonError.AUTHENTICATION_FAILED);
        assertThat(refusal(fields("sv", "2019-02-02", "tn", "orders", "sp", "r", "se", "2026-03-02", "sig", "!!")))
                .isEqualTo(CommonError.AUTHENTICATION_FAILED);
        assertThat(refusal(fields("sv", "2019-02-02", "sp", "r", "se", "2026-03-02", "sig", "abc=")))
                .as("neither tn nor ss/srt").isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void tableSasLettersOutsideRaudAreRefused() {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "orders", "sp", "rl", "se", "2026-03-02");
        sas.put("sig", sign(KEY1, "rl\n\n2026-03-02\n/table/acct/orders\n\n\n\n2019-02-02\n\n\n\n"));
        assertThat(refusal(sas)).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void httpsOnlySasIsAcceptedOverTls() {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "orders", "sp", "r", "se", "2026-03-02", "spr", "https");
        sas.put("sig", sign(KEY1, "r\n\n2026-03-02\n/table/acct/orders\n\n\nhttps\n2019-02-02\n\n\n\n"));
        assertThat(authenticator.authenticate(request(sas, true, "127.0.0.1"), "Acct")).isInstanceOf(TableSasGrant.class);
        assertThat(refusal(request(sas, false, "127.0.0.1"))).isEqualTo(CommonError.AUTHORIZATION_PROTOCOL_MISMATCH);
    }

    @ParameterizedTest(name = "sip={0} from {1}: allowed={2}")
    @CsvSource({"10.1.2.3, 10.1.2.3, true", "10.0.0.0-10.0.255.255, 10.0.7.1, true", "10.0.0.0-10.0.255.255, 10.1.0.0, false",
        "10.1.2.3, 0:0:0:0:0:0:0:1, false"})
    void signedIpRange(String sip, String client, boolean allowed) {
        Map<String, String> sas = fields("sv", "2019-02-02", "tn", "orders", "sp", "r", "se", "2026-03-02", "sip", sip);
        sas.put("sig", sign(KEY1, "r\n\n2026-03-02\n/table/acct/orders\n\n" + sip + "\n\n2019-02-02\n\n\n\n"));
        AzureRequest request = request(sas, false, client);
        if (allowed) {
            assertThat(authenticator.authenticate(request, "Acct")).isInstanceOf(TableSasGrant.class);
        } else {
            assertThat(refusal(request)).isEqualTo(CommonError.AUTHORIZATION_SOURCE_IP_MISMATCH);
        }
    }
}
