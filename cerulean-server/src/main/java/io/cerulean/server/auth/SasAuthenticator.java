package io.cerulean.server.auth;

import static io.cerulean.server.auth.AccountKeySignatures.authenticationFailed;

import io.cerulean.common.error.CommonError;
import io.cerulean.core.acl.StoredAccessPolicy;
import io.cerulean.core.acl.TableAcl;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.server.http.AzureRequest;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Verifies shared access signatures: the account SAS ({@code ss srt}) and the table SAS
 * ({@code tn}, optionally naming a stored access policy with {@code si}). The string-to-sign is
 * rebuilt from the fields exactly as sent (URL-decoded, never re-formatted), in the layout of the
 * SAS version {@code sv}:
 * <pre>
 * account SAS:             account \n sp \n ss \n srt \n st \n se \n sip \n spr \n sv \n [ses \n if sv ≥ 2020-12-06]
 * table SAS, sv ≥ 2015-04-05: sp \n st \n se \n /table/account/table \n si \n sip \n spr \n sv \n spk \n srk \n epk \n erk
 * table SAS, older:        sp \n st \n se \n canonical \n si \n sv \n spk \n srk \n epk \n erk
 * </pre>
 * The signature is checked first, against each of the account's keys in constant time; only a
 * genuine SAS gets told about its time window, protocol or address.
 */
public final class SasAuthenticator {
    /** Finds a table's stored access policies; empty when the table does not exist. */
    @FunctionalInterface
    public interface StoredPolicies {
        Optional<TableAcl> acl(String account, String table);
    }

    private final Accounts accounts;
    private final StoredPolicies storedPolicies;
    private final Clock clock;

    public SasAuthenticator(Accounts accounts, StoredPolicies storedPolicies, Clock clock) {
        this.accounts = accounts;
        this.storedPolicies = storedPolicies;
        this.clock = clock;
    }

    /** @throws TableServiceException 403 for a SAS that is malformed, forged or not valid here and now */
    public AccessGrant authenticate(AzureRequest request, String accountName) {
        Account account = accounts.find(accountName)
                .orElseThrow(() -> authenticationFailed("The account '" + accountName + "' is not known to this server."));
        String version = require(request, "sv");
        byte[] signature;
        try {
            signature = Base64.getDecoder().decode(require(request, "sig"));
        } catch (IllegalArgumentException e) {
            throw authenticationFailed("The signature (sig) is not base64.");
        }
        if (request.queryParameter("tn") != null) {
            return tableSas(request, account, version, signature);
        }
        if (request.queryParameter("ss") != null || request.queryParameter("srt") != null) {
            return accountSas(request, account, version, signature);
        }
        throw authenticationFailed("The shared access signature names neither a table (tn) nor services and "
                + "resource types (ss, srt).");
    }

    private AccessGrant accountSas(AzureRequest request, Account account, String version, byte[] signature) {
        String permissions = require(request, "sp");
        String services = require(request, "ss");
        String resourceTypes = require(request, "srt");
        String expiry = require(request, "se");
        String start = field(request, "st");
        String stringToSign = String.join("\n", account.name(), permissions, services, resourceTypes, start, expiry,
                field(request, "sip"), field(request, "spr"), version) + "\n"
                + (version.compareTo("2020-12-06") >= 0 ? field(request, "ses") + "\n" : "");
        verify(account, List.of(stringToSign), signature);
        checkWindow(start, expiry);
        checkTransport(request, field(request, "spr"), field(request, "sip"));
        if (services.indexOf('t') < 0) {
            throw new TableServiceException(CommonError.AUTHORIZATION_SERVICE_MISMATCH,
                    CommonError.AUTHORIZATION_SERVICE_MISMATCH.message() + " The signed services (ss) '" + services
                            + "' do not include the Table service (t).");
        }
        return new AccountSasGrant(permissions, resourceTypes);
    }

    private AccessGrant tableSas(AzureRequest request, Account account, String version, byte[] signature) {
        String table = request.queryParameter("tn");
        String permissions = field(request, "sp");
        String start = field(request, "st");
        String expiry = field(request, "se");
        String identifier = field(request, "si");
        String spk = field(request, "spk");
        String srk = field(request, "srk");
        String epk = field(request, "epk");
        String erk = field(request, "erk");
        String lowerTable = table.toLowerCase(Locale.ROOT);
        List<String> candidates = new ArrayList<>(2);
        for (String accountName : List.of(account.name(), account.name().toLowerCase(Locale.ROOT))) {
            String stringToSign;
            if (version.compareTo("2015-04-05") >= 0) {
                stringToSign = String.join("\n", permissions, start, expiry, "/table/" + accountName + "/" + lowerTable,
                        identifier, field(request, "sip"), field(request, "spr"), version, spk, srk, epk, erk);
            } else {
                String canonical = (version.compareTo("2015-02-21") >= 0 ? "/table/" : "/") + accountName + "/" + lowerTable;
                stringToSign = String.join("\n", permissions, start, expiry, canonical, identifier, version, spk, srk,
                        epk, erk);
            }
            if (!candidates.contains(stringToSign)) {
                candidates.add(stringToSign);
            }
        }
        verify(account, candidates, signature);
        if (!identifier.isEmpty()) {
            StoredAccessPolicy policy = storedPolicies.acl(account.name(), table)
                    .flatMap(acl -> acl.find(identifier))
                    .orElseThrow(() -> new TableServiceException(CommonError.AUTHORIZATION_FAILURE,
                            CommonError.AUTHORIZATION_FAILURE.message() + " The stored access policy '" + identifier
                                    + "' named by si does not exist on table '" + table + "'."));
            start = inherit("st", start, policy.start().map(Instant::toString));
            expiry = inherit("se", expiry, policy.expiry().map(Instant::toString));
            permissions = inherit("sp", permissions, policy.permission());
        }
        if (expiry.isEmpty() || permissions.isEmpty()) {
            throw authenticationFailed("The signed expiry (se) and permissions (sp) must be given, by the SAS "
                    + "or by its stored access policy.");
        }
        checkWindow(start, expiry);
        checkTransport(request, field(request, "spr"), field(request, "sip"));
        for (char letter : permissions.toCharArray()) {
            if ("raud".indexOf(letter) < 0) {
                throw authenticationFailed("The signed permissions (sp) '" + permissions
                        + "' hold a letter a table SAS cannot grant; use r, a, u and d.");
            }
        }
        return new TableSasGrant(table, permissions, new SasKeyRange(emptyToNull(spk), emptyToNull(srk),
                emptyToNull(epk), emptyToNull(erk)));
    }

    /** A field comes from the SAS or from its stored policy, never both (the service refuses that). */
    private static String inherit(String field, String fromSas, Optional<String> fromPolicy) {
        if (fromPolicy.isEmpty()) {
            return fromSas;
        }
        if (!fromSas.isEmpty()) {
            throw authenticationFailed("The field " + field
                    + " is given both by the SAS and by its stored access policy.");
        }
        return fromPolicy.get();
    }

    private static void verify(Account account, List<String> stringsToSign, byte[] signature) {
        if (!AccountKeySignatures.matchesAny(account, stringsToSign, signature)) {
            throw authenticationFailed("Signature did not match: the SAS was not signed with this account's "
                    + "keys over these fields.");
        }
    }

    private void checkWindow(String start, String expiry) {
        Instant now = clock.instant();
        boolean started = start.isEmpty() || !now.isBefore(SasTimes.parse("st", start));
        if (!started || now.isAfter(SasTimes.parse("se", expiry))) {
            throw authenticationFailed("Signature not valid in the specified time frame: Start ["
                    + (start.isEmpty() ? "none" : start) + "] - Expiry [" + expiry + "] - Current [" + now + "].");
        }
    }

    private static void checkTransport(AzureRequest request, String protocol, String ip) {
        if (!protocol.isEmpty() && !protocol.equals("https,http") && !protocol.equals("http,https")) {
            if (!protocol.equals("https")) {
                throw authenticationFailed("The signed protocol (spr) '" + protocol
                        + "' is neither 'https' nor 'https,http'.");
            }
            if (!request.secure()) {
                throw new TableServiceException(CommonError.AUTHORIZATION_PROTOCOL_MISMATCH,
                        CommonError.AUTHORIZATION_PROTOCOL_MISMATCH.message() + " This SAS allows HTTPS only.");
            }
        }
        if (!ip.isEmpty() && !SasIpRange.parse(ip).contains(request.clientAddress())) {
            throw new TableServiceException(CommonError.AUTHORIZATION_SOURCE_IP_MISMATCH,
                    "This request is not authorized to perform this operation using this source IP "
                            + request.clientAddress() + ".");
        }
    }

    private static String require(AzureRequest request, String name) {
        String value = request.queryParameter(name);
        if (value == null || value.isEmpty()) {
            throw authenticationFailed("The shared access signature has no '" + name + "' parameter.");
        }
        return value;
    }

    private static String field(AzureRequest request, String name) {
        String value = request.queryParameter(name);
        return value == null ? "" : value;
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }
}
