package io.cerulean.queue.rest.auth;

import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.Accounts;
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
import java.util.Set;

/**
 * The kernel's authentication as the Queue service configures it: Shared Key in its Blob and Queue
 * form, the queue SAS, its letter in account SAS ({@code q}) and bearer audiences ({@code .queue.}),
 * and what each credential is granted.
 */
public final class QueueAuthentication {
    /** The Queue service as credentials name it. */
    public static final ServiceIdentity QUEUE = new ServiceIdentity("Queue", 'q', "queue");

    /** The account key may do everything; a bearer token what its Queue roles allow; an account SAS what it signed. */
    public static final Grants<QueueGrant> GRANTS = new Grants<>() {
        @Override
        public QueueGrant accountKey() {
            return QueueGrant.FullAccess.INSTANCE;
        }

        @Override
        public QueueGrant bearerToken(Set<DataRole> roles) {
            return roles.contains(DataRole.STORAGE_QUEUE_DATA_CONTRIBUTOR) ? QueueGrant.FullAccess.INSTANCE
                    : new QueueGrant.DataRoles(roles);
        }

        @Override
        public QueueGrant accountSas(String permissions, String resourceTypes) {
            return new QueueGrant.AccountSas(permissions, resourceTypes);
        }
    };

    private QueueAuthentication() {
    }

    public static RequestAuthenticator<QueueGrant> of(Accounts accounts,
                                                      StoredPolicies storedPolicies,
                                                      OAuthTrust oauth, Clock clock) {
        return new RequestAuthenticator<>(new SharedKeyAuthenticator(accounts, BlobQueueSharedKey.INSTANCE, clock),
                new SasAuthenticator<>(accounts, QUEUE, new QueueSasAuthenticator(storedPolicies, clock), GRANTS, clock),
                new BearerTokenAuthenticator(accounts, QUEUE, oauth, clock), GRANTS);
    }
}
