package io.cerulean.blob.rest.auth;

import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.auth.BearerPrincipal;
import io.cerulean.http.auth.BearerTokenAuthenticator;
import io.cerulean.http.auth.BlobQueueSharedKey;
import io.cerulean.http.auth.Grants;
import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.auth.SasAuthenticator;
import io.cerulean.http.auth.ServiceIdentity;
import io.cerulean.http.auth.SharedKeyAuthenticator;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.http.oauth.OAuthTrust;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;

/**
 * The kernel's authentication as the Blob service configures it: Shared Key in its Blob and Queue
 * form, the blob and container SAS (signed with the account key or a user delegation key), its
 * letter in account SAS ({@code b}) and bearer audiences ({@code .blob.}), and what each credential
 * is granted.
 */
public final class BlobAuthentication {
    /** The Blob service as credentials name it. */
    public static final ServiceIdentity BLOB = new ServiceIdentity("Blob", 'b', "blob");

    /**
     * The account key may do everything but get a user delegation key; a bearer token what its Blob
     * roles allow, and it is known whom it names; an account SAS what
     * it signed; a request with no credential what the container's public access level allows.
     */
    private static Grants<BlobGrant> grants(BlobGrant.PublicAccessLookup publicAccess) {
        BlobGrant anonymous = new BlobGrant.Anonymous(publicAccess);
        return new Grants<>() {
            @Override
            public BlobGrant accountKey() {
                return BlobGrant.FullAccess.INSTANCE;
            }

            @Override
            public BlobGrant bearerToken(Set<DataRole> roles) {
                return bearerToken(new BearerPrincipal(roles, "", ""));
            }

            @Override
            public BlobGrant bearerToken(BearerPrincipal principal) {
                return new BlobGrant.Bearer(principal);
            }

            @Override
            public BlobGrant accountSas(String permissions, String resourceTypes) {
                return new BlobGrant.AccountSas(permissions, resourceTypes);
            }

            @Override
            public Optional<BlobGrant> anonymous() {
                return Optional.of(anonymous);
            }
        };
    }

    private BlobAuthentication() {
    }

    /**
     * @param keys the user delegation keys this server issues and a user delegation SAS is checked
     *             against
     */
    public static RequestAuthenticator<BlobGrant> of(Accounts accounts, StoredPolicies storedPolicies,
                                                     BlobGrant.PublicAccessLookup publicAccess, OAuthTrust oauth,
                                                     UserDelegationKeys keys, Clock clock) {
        Grants<BlobGrant> grants = grants(publicAccess);
        return new RequestAuthenticator<>(new SharedKeyAuthenticator(accounts, BlobQueueSharedKey.INSTANCE, clock),
                new SasAuthenticator<>(accounts, BLOB, new BlobSasAuthenticator(storedPolicies, keys, oauth, clock),
                        grants, clock),
                new BearerTokenAuthenticator(accounts, BLOB, oauth, clock), grants);
    }
}
