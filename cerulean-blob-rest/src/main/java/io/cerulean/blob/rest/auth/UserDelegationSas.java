package io.cerulean.blob.rest.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;
import static io.cerulean.http.auth.SasChecks.field;
import static io.cerulean.http.auth.SasChecks.require;

import io.cerulean.http.auth.AccountKeySignatures;
import io.cerulean.http.auth.SasChecks;
import io.cerulean.http.auth.SasTimes;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.http.oauth.OAuthTrust;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What sets a user delegation SAS apart from a blob or container SAS signed with the account key:
 * the key's fields in place of {@code si} in its string-to-sign, the key derived again from them
 * ({@link UserDelegationKeys}) to check the signature, the key's validity, and the roles of the
 * principal it was issued to, which bound what the SAS grants. Its lines, by {@code sv}:
 * <pre>
 * 2018-11-09 …:  skoid sktid skt ske sks skv
 * 2020-02-10 …:  skoid sktid skt ske sks skv saoid suoid scid
 * 2025-07-05 …:  skoid sktid skt ske sks skv saoid suoid scid skdutid sduoid
 * </pre>
 * and from 2026-04-06 the request headers and query parameters it binds ({@code srh srq}) after
 * {@code ses}. A SAS for a delegated user ({@code sduoid}) or binding headers or parameters is
 * refused: Cerulean does not serve them.
 */
final class UserDelegationSas {
    private static final List<String> KEY_FIELDS = List.of("skoid", "sktid", "skt", "ske", "sks", "skv");

    private final UserDelegationKeys keys;
    private final OAuthTrust trust;

    UserDelegationSas(UserDelegationKeys keys, OAuthTrust trust) {
        this.keys = keys;
        this.trust = trust;
    }

    /** Whether the request's SAS names a user delegation key. */
    static boolean isCarriedBy(AzureRequest request) {
        return KEY_FIELDS.stream().anyMatch(name -> request.queryParameter(name) != null);
    }

    /** The key's lines of the string-to-sign, where a SAS signed with the account key has {@code si}. */
    static List<String> keyLines(AzureRequest request, String version) {
        if (version.compareTo("2018-11-09") < 0) {
            throw authenticationFailed("A user delegation SAS needs version (sv) 2018-11-09 or later; it is '"
                    + version + "'.");
        }
        for (String refused : List.of("sduoid", "srh", "srq")) {
            if (!field(request, refused).isEmpty()) {
                throw authenticationFailed("The user delegation SAS parameter '" + refused
                        + "' is not served by Cerulean.");
            }
        }
        if (!field(request, "si").isEmpty()) {
            throw authenticationFailed("A user delegation SAS cannot name a stored access policy (si).");
        }
        List<String> lines = new ArrayList<>();
        for (String name : KEY_FIELDS) {
            lines.add(field(request, name));
        }
        if (version.compareTo("2020-02-10") >= 0) {
            lines.addAll(List.of(field(request, "saoid"), field(request, "suoid"), field(request, "scid")));
        }
        if (version.compareTo("2025-07-05") >= 0) {
            lines.addAll(List.of(field(request, "skdutid"), field(request, "sduoid")));
        }
        return lines;
    }

    /** The lines that follow {@code ses} from 2026-04-06 on: the bound headers and parameters, none. */
    static List<String> boundLines(String version) {
        return version.compareTo("2026-04-06") >= 0 ? List.of("", "") : List.of();
    }

    /**
     * Checks the signature against the key derived from the SAS's fields, then the key's validity.
     *
     * @return the Blob data roles the key's principal holds now, which bound what the SAS grants
     */
    Set<DataRole> verify(AzureRequest request, String account, String stringToSign, byte[] signature, Instant now) {
        String service = require(request, "sks");
        if (!service.equals("b")) {
            throw authenticationFailed("The user delegation key's signed service (sks) '" + service
                    + "' is not the Blob service (b).");
        }
        UserDelegationKey key = new UserDelegationKey(require(request, "skoid"), field(request, "sktid"),
                SasTimes.parse("skt", require(request, "skt")), SasTimes.parse("ske", require(request, "ske")),
                service, require(request, "skv"), field(request, "skdutid"));
        if (!AccountKeySignatures.matches(keys.value(account, key), stringToSign, signature)) {
            throw SasChecks.signatureDidNotMatch(stringToSign);
        }
        if (!key.validAt(now)) {
            throw authenticationFailed("The user delegation key is not valid in its time frame: Start ["
                    + key.start() + "] - Expiry [" + key.expiry() + "] - Current [" + now + "].");
        }
        if (!trust.acceptsTokens()) {
            throw authenticationFailed("User delegation SAS are not accepted: this server has no OAuth configuration.");
        }
        Set<DataRole> roles = EnumSet.noneOf(DataRole.class);
        for (DataRole role : trust.rolesOf(key.objectId())) {
            if (role.service().equals(BlobAuthentication.BLOB.name())) {
                roles.add(role);
            }
        }
        return roles;
    }
}
