package io.cerulean.http.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;
import static io.cerulean.http.auth.SasChecks.field;
import static io.cerulean.http.auth.SasChecks.require;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import java.time.Clock;
import java.util.Base64;
import java.util.List;

/**
 * Verifies shared access signatures: the account SAS ({@code ss srt}) here, and the service's own
 * SAS (a table SAS's {@code tn}) through its {@link ServiceSas}. The string-to-sign is rebuilt from
 * the fields exactly as sent (URL-decoded, never re-formatted), in the layout of the SAS version
 * {@code sv}:
 * <pre>
 * account SAS: account \n sp \n ss \n srt \n st \n se \n sip \n spr \n sv \n [ses \n if sv ≥ 2020-12-06]
 * </pre>
 * The signature is checked first, against each of the account's keys in constant time; only a
 * genuine SAS gets told about its time window, protocol, address or services.
 */
public final class SasAuthenticator<G> {
    private final Accounts accounts;
    private final ServiceIdentity service;
    private final ServiceSas<G> serviceSas;
    private final Grants<G> grants;
    private final Clock clock;

    public SasAuthenticator(Accounts accounts, ServiceIdentity service, ServiceSas<G> serviceSas, Grants<G> grants,
                            Clock clock) {
        this.accounts = accounts;
        this.service = service;
        this.serviceSas = serviceSas;
        this.grants = grants;
        this.clock = clock;
    }

    /** @throws ServiceException 403 for a SAS that is malformed, forged or not valid here and now */
    public G authenticate(AzureRequest request, String accountName) {
        Account account = accounts.find(accountName)
                .orElseThrow(() -> authenticationFailed("The account '" + accountName + "' is not known to this server."));
        SasChecks.noRepeatedParameters(request);
        String version = require(request, "sv");
        byte[] signature;
        try {
            signature = Base64.getDecoder().decode(require(request, "sig"));
        } catch (IllegalArgumentException e) {
            throw authenticationFailed("The signature (sig) is not base64.");
        }
        if (serviceSas.isCarriedBy(request)) {
            return serviceSas.authenticate(request, account, version, signature);
        }
        if (request.queryParameter("ss") != null || request.queryParameter("srt") != null) {
            return accountSas(request, account, version, signature);
        }
        throw authenticationFailed("The shared access signature names neither " + serviceSas.describe()
                + " nor services and resource types (ss, srt).");
    }

    private G accountSas(AzureRequest request, Account account, String version, byte[] signature) {
        String permissions = require(request, "sp");
        String services = require(request, "ss");
        String resourceTypes = require(request, "srt");
        String expiry = require(request, "se");
        String start = field(request, "st");
        String stringToSign = String.join("\n", account.name(), permissions, services, resourceTypes, start, expiry,
                field(request, "sip"), field(request, "spr"), version) + "\n"
                + (version.compareTo("2020-12-06") >= 0 ? field(request, "ses") + "\n" : "");
        SasChecks.verify(account, List.of(stringToSign), signature);
        SasChecks.window(clock.instant(), start, expiry);
        SasChecks.transport(request, field(request, "spr"), field(request, "sip"));
        if (services.indexOf(service.sasLetter()) < 0) {
            throw new ServiceException(CommonError.AUTHORIZATION_SERVICE_MISMATCH,
                    CommonError.AUTHORIZATION_SERVICE_MISMATCH.message() + " The signed services (ss) '" + services
                            + "' do not include the " + service.name() + " service (" + service.sasLetter() + ").");
        }
        return grants.accountSas(permissions, resourceTypes);
    }
}
