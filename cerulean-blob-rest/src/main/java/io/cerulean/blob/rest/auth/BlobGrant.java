package io.cerulean.blob.rest.auth;

import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.AccountKeySignatures;
import io.cerulean.http.auth.BearerPrincipal;
import io.cerulean.http.oauth.DataRole;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What an authenticated caller may do on the Blob service; {@link #authorize} refuses the rest with 403. */
public sealed interface BlobGrant {
    /** @throws ServiceException 403 when this grant does not cover {@code operation} on {@code resource} */
    void authorize(BlobOperation operation, BlobResource resource);

    /** Response headers a SAS asks Get Blob and Get Blob Properties to answer with (its {@code rsc*} fields). */
    default Map<String, String> responseOverrides() {
        return Map.of();
    }

    /**
     * The conditions of a write that creates a blob or replaces it whole (Put Blob, Put Block List, Copy
     * Blob, Put Blob From URL), authorised already: a SAS that signed {@code c} ("create a new blob")
     * but not {@code w} adds that the blob must not exist, which the write checks in its own commit
     * (403 AuthorizationPermissionMismatch if it does).
     */
    default Conditions ofWrite(Conditions requested) {
        return requested;
    }

    /** The conditions of {@link #ofWrite} for a SAS that signed {@code permissions}. */
    private static Conditions ofWrite(Conditions requested, String permissions) {
        return permissions.indexOf('w') < 0 ? requested.creatingOnly() : requested;
    }

    /**
     * The account key (Shared Key): everything but getting a user delegation key, which is for bearer
     * tokens only.
     */
    record FullAccess() implements BlobGrant {
        public static final FullAccess INSTANCE = new FullAccess();

        @Override
        public void authorize(BlobOperation operation, BlobResource resource) {
            if (operation == BlobOperation.GET_USER_DELEGATION_KEY) {
                throw BlobGrant.bearerOnly();
            }
        }
    }

    /** 403 AuthenticationFailed for a credential other than a bearer token asking for a user delegation key, in the service's words. */
    private static ServiceException bearerOnly() {
        return AccountKeySignatures.authenticationFailed(
                "Only authentication scheme Bearer is supported");
    }

    /** Where an anonymous request finds a container's public access level; empty when there is no such container. */
    @FunctionalInterface
    interface PublicAccessLookup {
        Optional<PublicAccess> find(String account, String container);
    }

    /**
     * A request with no credential (contract 2.6): a container's public access level lets anyone read
     * its blobs ({@code blob}) or also its properties and listing ({@code container}). Any other read
     * of it is 404 ResourceNotFound, so that an anonymous client learns nothing of what is there; any
     * other operation needs a credential.
     */
    record Anonymous(PublicAccessLookup lookup) implements BlobGrant {
        private static final Set<BlobOperation> BLOB_READS = EnumSet.of(BlobOperation.GET_BLOB,
                BlobOperation.GET_BLOB_PROPERTIES, BlobOperation.GET_BLOB_METADATA, BlobOperation.GET_BLOCK_LIST,
                BlobOperation.GET_PAGE_RANGES);
        private static final Set<BlobOperation> CONTAINER_READS = EnumSet.of(BlobOperation.GET_CONTAINER_PROPERTIES,
                BlobOperation.GET_CONTAINER_METADATA, BlobOperation.LIST_BLOBS);

        @Override
        public void authorize(BlobOperation operation, BlobResource resource) {
            boolean blobRead = BLOB_READS.contains(operation);
            if (!blobRead && !CONTAINER_READS.contains(operation)) {
                throw AccountKeySignatures.authenticationFailed("The request is not authenticated: it has no "
                        + "Authorization header and no shared access signature, and only reads of a public container "
                        + "are served without one.");
            }
            PublicAccess access = lookup.find(resource.account(), resource.container()).orElse(PublicAccess.NONE);
            if (access == PublicAccess.CONTAINER || (access == PublicAccess.BLOB && blobRead)) {
                return;
            }
            throw new ServiceException(CommonError.RESOURCE_NOT_FOUND);
        }
    }

    /**
     * A bearer token, with its principal's Blob data roles: an Owner or Contributor may do what the
     * account key may but read or set a container's ACL, a Reader reads and lists and manages
     * nothing; any of them, and a Delegator,
     * may get a user delegation key, which only a bearer token may. A batch is let through whatever
     * the roles: each of its sub-requests is authorised on its own.
     */
    record Bearer(BearerPrincipal principal) implements BlobGrant {
        private static final Set<DataRole> DELEGATORS = EnumSet.of(DataRole.STORAGE_BLOB_DATA_OWNER,
                DataRole.STORAGE_BLOB_DATA_CONTRIBUTOR, DataRole.STORAGE_BLOB_DATA_READER, DataRole.STORAGE_BLOB_DELEGATOR);

        @Override
        public void authorize(BlobOperation operation, BlobResource resource) {
            if (operation == BlobOperation.GET_CONTAINER_ACL || operation == BlobOperation.SET_CONTAINER_ACL) {
                // The service keeps a container's public access and stored policies to the account key.
                throw new ServiceException(CommonError.AUTHORIZATION_FAILURE, CommonError.AUTHORIZATION_FAILURE.message()
                        + " A container's ACL can only be read or set with the account key.");
            }
            Set<DataRole> roles = principal.roles();
            boolean allowed = operation == BlobOperation.GET_USER_DELEGATION_KEY
                    ? roles.stream().anyMatch(DELEGATORS::contains)
                    : dataRolesAllow(roles, operation);
            if (!allowed) {
                throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                        CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The token's Blob data roles "
                                + roles + " do not allow " + operation + ".");
            }
        }
    }

    /**
     * A user delegation SAS: what its signature grants ({@code sas}), and no more than the principal
     * that got the key it was signed with may do now ({@code delegatorRoles}, its Blob data roles).
     */
    record DelegatedSas(BlobSas sas, Set<DataRole> delegatorRoles) implements BlobGrant {
        public DelegatedSas {
            delegatorRoles = delegatorRoles.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(delegatorRoles));
        }

        @Override
        public void authorize(BlobOperation operation, BlobResource resource) {
            sas.authorize(operation, resource);
            if (!dataRolesAllow(delegatorRoles, operation)) {
                throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                        CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The principal the user delegation"
                                + " key was issued to holds the Blob data roles " + delegatorRoles + ", which do not allow "
                                + operation + ".");
            }
        }

        @Override
        public Map<String, String> responseOverrides() {
            return sas.responseOverrides();
        }

        @Override
        public Conditions ofWrite(Conditions requested) {
            return sas.ofWrite(requested);
        }
    }

    /**
     * What Blob data roles allow on the data: an Owner or Contributor all, a Reader reads (not the
     * settings); a batch any of them, its sub-requests being checked one by one.
     */
    private static boolean dataRolesAllow(Set<DataRole> roles, BlobOperation operation) {
        if (operation == BlobOperation.GET_USER_DELEGATION_KEY) {
            return false;
        }
        if (operation == BlobOperation.SUBMIT_BATCH) {
            return true;
        }
        if (roles.contains(DataRole.STORAGE_BLOB_DATA_OWNER) || roles.contains(DataRole.STORAGE_BLOB_DATA_CONTRIBUTOR)) {
            return true;
        }
        return operation.isRead() && roles.contains(DataRole.STORAGE_BLOB_DATA_READER)
                && operation != BlobOperation.GET_SERVICE_PROPERTIES;
    }

    /** An account SAS: its resource types ({@code srt}) and permissions ({@code sp}) as signed. */
    record AccountSas(String permissions, String resourceTypes) implements BlobGrant {
        @Override
        public void authorize(BlobOperation operation, BlobResource resource) {
            if (operation == BlobOperation.GET_USER_DELEGATION_KEY) {
                throw bearerOnly();
            }
            if (!anyOf(operation.resourceTypes(), resourceTypes)) {
                throw new ServiceException(CommonError.AUTHORIZATION_RESOURCE_TYPE_MISMATCH,
                        CommonError.AUTHORIZATION_RESOURCE_TYPE_MISMATCH.message() + " The signed resource types (srt) '"
                                + resourceTypes + "' include none of '" + operation.resourceTypes() + "'.");
            }
            if (!anyOf(operation.accountPermissions(), permissions)) {
                throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                        CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The signed permissions (sp) '"
                                + permissions + "' do not allow " + operation + ".");
            }
        }

        @Override
        public Conditions ofWrite(Conditions requested) {
            return BlobGrant.ofWrite(requested, permissions);
        }
    }

    /**
     * A blob SAS ({@code sr=b}: one blob) or a container SAS ({@code sr=c}: its blobs and its listing),
     * with the letters it signed.
     *
     * @param blob the blob a blob SAS is for; null for a container SAS
     */
    record BlobSas(String container, String blob, String permissions, Map<String, String> responseOverrides)
            implements BlobGrant {
        public BlobSas {
            responseOverrides = Map.copyOf(responseOverrides);
        }

        @Override
        public void authorize(BlobOperation operation, BlobResource resource) {
            boolean covered = container.equals(resource.container()) && (blob == null || blob.equals(resource.blob()));
            if (!covered && operation != BlobOperation.GET_ACCOUNT_INFORMATION) {
                throw new ServiceException(CommonError.AUTHORIZATION_FAILURE, CommonError.AUTHORIZATION_FAILURE.message()
                        + " The shared access signature is for " + (blob == null ? "container '" + container + "'"
                        : "blob '" + container + "/" + blob + "'") + ".");
            }
            String wanted = operation.blobPermissions();
            if (!anyOf(wanted, permissions)) {
                throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                        CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The signed permissions (sp) '"
                                + permissions + "' do not allow " + operation
                                + (wanted.isEmpty() ? " (no blob or container SAS does)." : "."));
            }
        }

        @Override
        public Conditions ofWrite(Conditions requested) {
            return BlobGrant.ofWrite(requested, permissions);
        }
    }

    /** Whether {@code signed} holds any of the letters of {@code wanted}; {@link BlobOperation#ANY} is any. */
    private static boolean anyOf(String wanted, String signed) {
        if (wanted.equals(BlobOperation.ANY)) {
            return true;
        }
        for (char letter : wanted.toCharArray()) {
            if (signed.indexOf(letter) >= 0) {
                return true;
            }
        }
        return false;
    }
}
