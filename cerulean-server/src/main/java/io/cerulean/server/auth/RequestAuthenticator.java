package io.cerulean.server.auth;

import static io.cerulean.server.auth.AccountKeySignatures.authenticationFailed;

import io.cerulean.server.http.AzureRequest;

/**
 * Decides who a request is and what it may do, in the service's order: an {@code Authorization}
 * header (Shared Key, Shared Key Lite, Bearer) if there is one, else a shared access signature
 * ({@code sig}) in the query, else the request is anonymous and refused.
 */
public final class RequestAuthenticator {
    private final SharedKeyAuthenticator sharedKey;
    private final SasAuthenticator sas;
    private final BearerTokenAuthenticator bearer;

    public RequestAuthenticator(SharedKeyAuthenticator sharedKey, SasAuthenticator sas,
                                BearerTokenAuthenticator bearer) {
        this.sharedKey = sharedKey;
        this.sas = sas;
        this.bearer = bearer;
    }

    /** @throws io.cerulean.core.error.TableServiceException 403 when the request is not authenticated */
    public AccessGrant authenticate(AzureRequest request, String pathAccount) {
        String authorization = request.header("Authorization");
        if (authorization != null) {
            if (authorization.regionMatches(true, 0, "Bearer ", 0, 7)) { // schemes are case-insensitive
                return bearer.authenticate(request, pathAccount);
            }
            sharedKey.authenticate(request, pathAccount);
            return FullAccess.SHARED_KEY;
        }
        if (request.queryParameter("sig") != null) {
            return sas.authenticate(request, pathAccount);
        }
        throw authenticationFailed("The request is not authenticated: it has no Authorization header and no "
                + "shared access signature.");
    }
}
