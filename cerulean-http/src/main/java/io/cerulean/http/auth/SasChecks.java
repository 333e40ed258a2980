package io.cerulean.http.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;

import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.HttpDates;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What every shared access signature checks alike, account SAS and each service's own: its fields
 * as sent, the signature against the account's keys, the time window ({@code st}, {@code se}), the
 * protocol ({@code spr}) and the client's address ({@code sip}). The signature is checked first, so
 * only a genuine SAS is told about its window, protocol or address.
 */
public final class SasChecks {
    /**
     * The parameters of the SAS forms every service shares (account SAS, user delegation, response
     * headers); a service's own ({@code tn}, {@code spk}, ...) are read through {@link #field} too.
     */
    private static final List<String> SHARED_PARAMETERS = List.of("sv", "ss", "srt", "sp", "st", "se", "sip", "spr",
            "sig", "ses", "si", "sr", "sdd", "skoid", "sktid", "skt", "ske", "sks", "skv", "saoid", "suoid", "scid",
            "rscc", "rscd", "rsce", "rscl", "rsct");

    private SasChecks() {
    }

    /** Refuses a SAS that gives any shared parameter more than once, whether or not its form reads it. */
    public static void noRepeatedParameters(AzureRequest request) {
        for (String name : SHARED_PARAMETERS) {
            single(request, name);
        }
    }

    /** Whether {@code signature} signs one of {@code stringsToSign} under one of the account's keys; 403 if not. */
    public static void verify(Account account, List<String> stringsToSign, byte[] signature) {
        if (!AccountKeySignatures.matchesAny(account, stringsToSign, signature)) {
            throw signatureDidNotMatch(stringsToSign.get(0));
        }
    }

    /** The service's detail for a SAS whose signature is not the one expected: the string to sign, as is. */
    public static ServiceException signatureDidNotMatch(String stringToSign) {
        return authenticationFailed("Signature did not match. String to sign used was " + stringToSign);
    }

    /**
     * Whether {@code now} is within [st, se]; an empty start means now, so that an expiry already
     * passed is told as the service tells it: an expiry that is not after the start.
     */
    public static void window(Instant now, String start, String expiry) {
        Instant from = start.isEmpty() ? now : SasTimes.parse("st", start);
        Instant to = SasTimes.parse("se", expiry);
        if (!to.isAfter(from)) {
            throw authenticationFailed("Signed expiry time [" + HttpDates.format(to)
                    + "] must be after signed start time [" + HttpDates.format(from) + "]");
        }
        if (now.isBefore(from) || now.isAfter(to)) {
            throw authenticationFailed("Signature not valid in the specified time frame: Start ["
                    + HttpDates.format(from) + "] - Expiry [" + HttpDates.format(to) + "] - Current ["
                    + HttpDates.format(now) + "]");
        }
    }

    /** Whether the request came over a protocol {@code spr} allows and from an address {@code sip} allows. */
    public static void transport(AzureRequest request, String protocol, String ip) {
        if (!protocol.isEmpty() && !protocol.equals("https,http") && !protocol.equals("http,https")) {
            if (!protocol.equals("https")) {
                throw authenticationFailed("The signed protocol (spr) '" + protocol
                        + "' is neither 'https' nor 'https,http'.");
            }
            if (!request.secure()) {
                throw new ServiceException(CommonError.AUTHORIZATION_PROTOCOL_MISMATCH,
                        CommonError.AUTHORIZATION_PROTOCOL_MISMATCH.message() + " This SAS allows HTTPS only.");
            }
        }
        if (!ip.isEmpty() && !SasIpRange.parse(ip).contains(request.clientAddress())) {
            throw new ServiceException(CommonError.AUTHORIZATION_SOURCE_IP_MISMATCH,
                    "This request is not authorized to perform this operation using this source IP "
                            + request.clientAddress() + ".");
        }
    }

    /**
     * What a service SAS grants once the stored access policy it names (empty when it names none) is
     * applied: each of {@code st}, {@code se} and {@code sp} from the SAS or the policy, never both;
     * the expiry and permissions given by one of them; now within the window, the protocol and
     * address allowed; and every permission letter one of {@code permitted} ({@code raud} for a
     * table, {@code raup} for a queue). The signature must have been verified before.
     *
     * @return the permission letters granted
     */
    public static String signedPermissions(AzureRequest request, Instant now, Optional<StoredAccessPolicy> policy,
                                           String permitted, String kind) {
        String start = field(request, "st");
        String expiry = field(request, "se");
        String permissions = field(request, "sp");
        if (policy.isPresent()) {
            start = inherit("st", start, policy.get().start().map(Instant::toString));
            expiry = inherit("se", expiry, policy.get().expiry().map(Instant::toString));
            permissions = inherit("sp", permissions, policy.get().permission());
        }
        if (expiry.isEmpty() || permissions.isEmpty()) {
            throw authenticationFailed("The signed expiry (se) and permissions (sp) must be given, by the SAS "
                    + "or by its stored access policy.");
        }
        window(now, start, expiry);
        transport(request, field(request, "spr"), field(request, "sip"));
        for (char letter : permissions.toCharArray()) {
            if (permitted.indexOf(letter) < 0) {
                throw authenticationFailed("The signed permissions (sp) '" + permissions + "' hold a letter "
                        + kind + " SAS cannot grant; use " + String.join(", ", permitted.substring(0, permitted.length() - 1)
                        .split("")) + " and " + permitted.charAt(permitted.length() - 1) + ".");
            }
        }
        return permissions;
    }

    /** A field comes from the SAS or from its stored policy, never both (the service refuses that). */
    public static String inherit(String field, String fromSas, Optional<String> fromPolicy) {
        if (fromPolicy.isEmpty()) {
            return fromSas;
        }
        if (!fromSas.isEmpty()) {
            throw authenticationFailed("The field " + field
                    + " is given both by the SAS and by its stored access policy.");
        }
        return fromPolicy.get();
    }

    /** A field that must be present and not empty; 403 naming it otherwise. */
    public static String require(AzureRequest request, String name) {
        String value = single(request, name);
        if (value == null || value.isEmpty()) {
            throw authenticationFailed("The shared access signature has no '" + name + "' parameter.");
        }
        return value;
    }

    /** A field as sent, URL-decoded; empty when absent, as the string-to-sign has it. */
    public static String field(AzureRequest request, String name) {
        String value = single(request, name);
        return value == null ? "" : value;
    }

    /**
     * The one value of a SAS parameter, or null. A parameter given twice is refused rather than read
     * once: the signature covers one value, and a second one must not slip past it.
     */
    private static String single(AzureRequest request, String name) {
        List<String> values = request.query().get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            throw authenticationFailed("The shared access signature gives the parameter '" + name + "' "
                    + values.size() + " times; each is given once.");
        }
        return values.get(0);
    }
}
