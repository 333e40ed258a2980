package io.cerulean.http.auth;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import java.util.Optional;

/**
 * Decides who a request is and what it may do, in the service's order: an {@code Authorization}
 * header (Shared Key, Shared Key Lite, Bearer) if there is one, else a shared access signature
 * ({@code sig}) in the query, else the request is anonymous: refused (with a bearer challenge when
 * the server verifies tokens), unless the service grants anonymous requests something
 * ({@link Grants#anonymous()}).
 */
public final class RequestAuthenticator<G> {
    private final SharedKeyAuthenticator sharedKey;
    private final SasAuthenticator<G> sas;
    private final BearerTokenAuthenticator bearer;
    private final Grants<G> grants;

    public RequestAuthenticator(SharedKeyAuthenticator sharedKey, SasAuthenticator<G> sas,
                                BearerTokenAuthenticator bearer, Grants<G> grants) {
        this.sharedKey = sharedKey;
        this.sas = sas;
        this.bearer = bearer;
        this.grants = grants;
    }

    /**
     * Whether authenticating the request may wait on the network: a bearer token naming a key the
     * server does not hold makes it read the identity provider's key set again.
     */
    public boolean mayWaitOnNetwork(AzureRequest request) {
        return isBearer(request.header("Authorization"));
    }

    private static boolean isBearer(String authorization) {
        return authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7); // schemes ignore case
    }

    /**
     * What the request's credential grants, in the service's terms.
     *
     * @throws io.cerulean.common.error.ServiceException 403 when the request is not authenticated, or 401
     *         with a bearer challenge when tokens are what the server expects
     */
    public G authenticate(AzureRequest request, String pathAccount) {
        String authorization = request.header("Authorization");
        if (authorization != null) {
            if (isBearer(authorization)) {
                return grants.bearerToken(bearer.principal(request, pathAccount));
            }
            sharedKey.authenticate(request, pathAccount);
            return grants.accountKey();
        }
        if (request.queryParameter("sig") != null) {
            return sas.authenticate(request, pathAccount);
        }
        Optional<G> anonymous = grants.anonymous();
        if (anonymous.isPresent()) {
            return anonymous.get();
        }
        throw bearer.anonymous();
    }

    /**
     * That the request is signed with a key of {@code pathAccount} (Shared Key or Shared Key Lite), and by
     * nothing else: what the server's own endpoints for an account's owner accept.
     *
     * @throws io.cerulean.common.error.ServiceException 403 AuthenticationFailed for a signature that is
     *         wrong, 403 AuthorizationFailure for any other credential or none
     */
    public void authenticateAccountKey(AzureRequest request, String pathAccount) {
        String authorization = request.header("Authorization");
        if (authorization == null || isBearer(authorization)) {
            throw new ServiceException(CommonError.AUTHORIZATION_FAILURE,
                    "Only a request signed with the account's key (Shared Key) may do this.");
        }
        sharedKey.authenticate(request, pathAccount);
    }
}
