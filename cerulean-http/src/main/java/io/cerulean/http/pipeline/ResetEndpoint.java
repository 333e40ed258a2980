package io.cerulean.http.pipeline;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.Refusals;
import io.cerulean.http.reset.ResetGrant;
import io.cerulean.http.reset.ResetSummary;
import io.cerulean.http.reset.Resetter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * {@code POST /{account}/$reset} on every service's port (or {@code /$reset} on a host-style name):
 * the account's data wiped on every service of the database, or with {@code scope=all} every
 * account's, for a test suite that shares one server between runs. Only a request signed with the
 * account's key (Shared Key or Shared Key Lite) may, and only as far as the server's
 * {@link ResetGrant} allows; anything else is refused and changes nothing. Refused in the
 * pipeline's order: the credential (403), the method (405), the read-only secondary endpoint (403
 * InsufficientAccountPermissions, always), the scope (400), then the grant (403 AuthorizationFailure).
 * No account, container, queue or table name holds a {@code $}, so the path shadows none.
 */
final class ResetEndpoint {
    /** A server started without {@code --allow-reset}: every reset is refused. */
    static final ResetEndpoint OFF = new ResetEndpoint(ResetGrant.OFF, null);
    private static final String SECONDARY = "-secondary";

    private final ResetGrant grant;
    private final Resetter resetter;

    /** @param resetter what wipes; may be null only when {@code grant} is {@link ResetGrant#OFF} */
    ResetEndpoint(ResetGrant grant, Resetter resetter) {
        if (grant != ResetGrant.OFF && resetter == null) {
            throw new IllegalArgumentException("a reset that is allowed needs what runs it");
        }
        this.grant = grant;
        this.resetter = resetter;
    }


    /**
     * Wipes what the request asks, once it is admitted: the answer, before the common headers. Not
     * yet durable: send it once {@link #whenDurable()} asked for after this completes.
     *
     * @throws ServiceException for a refusal, having changed nothing
     */
    AzureResponse answer(AzureRequest request, String account, RequestAuthenticator<?> authenticator) {
        boolean secondary = account.endsWith(SECONDARY);
        String primary = secondary ? account.substring(0, account.length() - SECONDARY.length()) : account;
        authenticator.authenticateAccountKey(request, primary);
        if (!request.method().equals("POST")) {
            throw new ServiceException(CommonError.METHOD_NOT_ALLOWED, "An account is reset with POST.");
        }
        if (secondary) {
            throw Refusals.writeToSecondary(primary);
        }
        String scope = request.queryParameter("scope");
        if (scope != null && !scope.equals("all")) {
            throw Refusals.invalidQueryParameter("scope", scope);
        }
        if (grant == ResetGrant.OFF) {
            throw new ServiceException(CommonError.AUTHORIZATION_FAILURE,
                    "This server was not started with --allow-reset.");
        }
        if (scope != null && grant != ResetGrant.ALL) {
            throw new ServiceException(CommonError.AUTHORIZATION_FAILURE, "This server was started with "
                    + "--allow-reset=account: it resets the account a request names, and every account only with "
                    + "--allow-reset=all.");
        }
        ResetSummary removed = scope == null ? resetter.resetAccount(primary) : resetter.resetAll();
        return AzureResponse.status(200).body("application/json", removed.json().getBytes(StandardCharsets.UTF_8));
    }

    /** Completes once what a reset removed is durable. */
    CompletableFuture<Void> whenDurable() {
        return resetter == null ? CompletableFuture.completedFuture(null) : resetter.whenDurable();
    }
}
