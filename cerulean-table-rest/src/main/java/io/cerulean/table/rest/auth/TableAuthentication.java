package io.cerulean.table.rest.auth;

import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.auth.BearerTokenAuthenticator;
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
 * The kernel's authentication as the Table service configures it: its Shared Key canonicalisation,
 * its table SAS, its name in account SAS ({@code t}) and bearer audiences ({@code .table.}), and
 * what each credential is granted.
 */
public final class TableAuthentication {
    /** The Table service as credentials name it. */
    public static final ServiceIdentity TABLE = new ServiceIdentity("Table", 't', "table");

    /**
     * The account key may do everything; a bearer token what its principal's Table role allows (a
     * Contributor all but the ACL, a Reader reads); an account SAS what it signed.
     */
    public static final Grants<AccessGrant> GRANTS = new Grants<>() {
        @Override
        public AccessGrant accountKey() {
            return FullAccess.SHARED_KEY;
        }

        @Override
        public AccessGrant bearerToken(Set<DataRole> roles) {
            return roles.contains(DataRole.STORAGE_TABLE_DATA_CONTRIBUTOR) ? FullAccess.BEARER_TOKEN
                    : roles.contains(DataRole.STORAGE_TABLE_DATA_READER) ? DataRoleGrant.READER
                    : DataRoleGrant.NO_ROLE;
        }

        @Override
        public AccessGrant accountSas(String permissions, String resourceTypes) {
            return new AccountSasGrant(permissions, resourceTypes);
        }
    };

    private TableAuthentication() {
    }

    /** With bearer tokens trusted as {@code oauth} says. */
    public static RequestAuthenticator<AccessGrant> of(Accounts accounts, StoredPolicies storedPolicies,
                                                       OAuthTrust oauth, Clock clock) {
        return new RequestAuthenticator<>(sharedKey(accounts, clock), sas(accounts, storedPolicies, clock),
                new BearerTokenAuthenticator(accounts, TABLE, oauth, clock), GRANTS);
    }

    public static SharedKeyAuthenticator sharedKey(Accounts accounts, Clock clock) {
        return new SharedKeyAuthenticator(accounts, TableSharedKey.INSTANCE, clock);
    }

    public static SasAuthenticator<AccessGrant> sas(Accounts accounts, StoredPolicies storedPolicies,
                                                   Clock clock) {
        return new SasAuthenticator<>(accounts, TABLE, new TableSas(storedPolicies, clock), GRANTS, clock);
    }
}
