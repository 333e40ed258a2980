package io.cerulean.blob.rest.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.AccountKeySignatures;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.oauth.OAuthTrust;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The string-to-sign of a user delegation SAS in each layout the SDKs send, the fields of the
 * reference's "Create a user delegation SAS" in their order, signed here by hand with the key the
 * server derives; and what such a SAS may not carry.
 */
class UserDelegationSasLayoutsTest {
    private static final Instant NOW = Instant.parse("2026-11-29T07:00:00Z");
    private static final UserDelegationKeys KEYS = new UserDelegationKeys(new byte[32]);
    private static final Account ACCOUNT = Account.development();
    private static final BlobSasAuthenticator AUTHENTICATOR = new BlobSasAuthenticator((account, container) -> Optional.empty(),
            KEYS, OAuthTrust.INSECURE_ACCEPT_ANY, Clock.fixed(NOW, ZoneOffset.UTC));

    private static Map<String, String> fields(String version) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("sv", version);
        fields.put("sr", "b");
        fields.put("sp", "r");
        fields.put("se", "2026-11-29T08:00:00Z");
        fields.put("skoid", "oid");
        fields.put("sktid", "tid");
        fields.put("skt", "2026-11-29T06:00:00Z");
        fields.put("ske", "2026-11-29T09:00:00Z");
        fields.put("sks", "b");
        fields.put("skv", "2025-05-05");
        return fields;
    }

    private static byte[] sign(Map<String, String> fields, List<String> lines) {
        UserDelegationKey key = new UserDelegationKey(fields.get("skoid"), fields.get("sktid"),
                Instant.parse(fields.get("skt")), Instant.parse(fields.get("ske")), fields.get("sks"), fields.get("skv"),
                fields.getOrDefault("skdutid", ""));
        return AccountKeySignatures.sign(KEYS.value(ACCOUNT.name(), key), String.join("\n", lines));
    }

    private static BlobGrant authenticate(Map<String, String> fields, byte[] signature) {
        Map<String, List<String>> query = fields.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> List.of(e.getValue())));
        AzureRequest request = new AzureRequest("GET", "/devstoreaccount1/c/b.txt", query, new DefaultHttpHeaders(),
                new byte[0], false, "127.0.0.1");
        return AUTHENTICATOR.authenticate(request, ACCOUNT, fields.get("sv"), signature);
    }

    private static String f(Map<String, String> fields, String name) {
        return fields.getOrDefault(name, "");
    }

    private static List<String> head(Map<String, String> f) {
        return List.of(f(f, "sp"), f(f, "st"), f(f, "se"), "/blob/devstoreaccount1/c/b.txt", f(f, "skoid"),
                f(f, "sktid"), f(f, "skt"), f(f, "ske"), f(f, "sks"), f(f, "skv"));
    }

    private static List<String> concat(List<String> a, String... b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(List.of(b));
        return all;
    }

    @Test
    void layout2018() {
        Map<String, String> f = fields("2018-11-09");
        byte[] sig = sign(f, concat(head(f), "", "", "2018-11-09", "b", "", "", "", "", "", ""));
        assertThat(authenticate(f, sig)).isInstanceOf(BlobGrant.DelegatedSas.class);
    }

    @Test
    void layout2020WithAgentAndCorrelationIds() {
        Map<String, String> f = fields("2020-02-10");
        f.put("saoid", "agent");
        f.put("scid", "correlation");
        byte[] sig = sign(f, concat(head(f), "agent", "", "correlation", "", "", "2020-02-10", "b", "", "", "", "", "",
                ""));
        assertThat(authenticate(f, sig)).isInstanceOf(BlobGrant.DelegatedSas.class);
    }

    @Test
    void layout2025WithEncryptionScopeAndDelegatedTenant() {
        Map<String, String> f = fields("2025-07-05");
        f.put("ses", "scope");
        f.put("skdutid", "delegated");
        f.put("rsct", "text/plain");
        byte[] sig = sign(f, concat(head(f), "", "", "", "delegated", "", "", "", "2025-07-05", "b", "", "scope", "",
                "", "", "", "text/plain"));
        BlobGrant grant = authenticate(f, sig);
        assertThat(grant.responseOverrides()).containsEntry("Content-Type", "text/plain");
    }

    @Test
    void layout2026WithTheBoundHeadersAndParametersEmpty() {
        Map<String, String> f = fields("2026-04-06");
        byte[] sig = sign(f, concat(head(f), "", "", "", "", "", "", "", "2026-04-06", "b", "", "", "", "", "", "",
                "", "", ""));
        assertThat(authenticate(f, sig)).isInstanceOf(BlobGrant.DelegatedSas.class);
        byte[] without = sign(f, concat(head(f), "", "", "", "", "", "", "", "2026-04-06", "b", "", "", "", "", "",
                "", ""));
        assertThat(refused(f, without)).contains("Signature did not match");
    }

    private static String refused(Map<String, String> fields, byte[] signature) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> authenticate(fields, signature));
        assertThat(e.errorCode()).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        return e.details().get("AuthenticationErrorDetail");
    }

    @Test
    void whatAUserDelegationSasMayNotCarry() {
        Map<String, String> withPolicy = fields("2025-05-05");
        withPolicy.put("si", "policy");
        assertThat(refused(withPolicy, new byte[32])).contains("stored access policy");
        Map<String, String> forQueue = fields("2025-05-05");
        forQueue.put("sks", "q");
        assertThat(refused(forQueue, sign(forQueue, List.of()))).contains("signed service (sks)");
        Map<String, String> boundUser = fields("2025-07-05");
        boundUser.put("sduoid", "user");
        assertThat(refused(boundUser, new byte[32])).contains("sduoid");
        assertThat(refused(fields("2017-11-09"), new byte[32])).contains("2018-11-09");
    }
}
