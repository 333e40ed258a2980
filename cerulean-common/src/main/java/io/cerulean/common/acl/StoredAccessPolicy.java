package io.cerulean.common.acl;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One signed identifier of a resource's ACL (Set Table ACL, Set Queue ACL): an id and the
 * constraints a SAS naming it by {@code si} inherits. Each field may be absent; the SAS then has to
 * carry it itself.
 *
 * @param permission permission letters, as stored; which letters a service allows is its own
 *                   business ({@link AccessPolicies#requirePermissions})
 */
public record StoredAccessPolicy(String id, Optional<Instant> start, Optional<Instant> expiry,
                                 Optional<String> permission) {
    /** Longest identifier the services accept. */
    public static final int MAX_ID_LENGTH = 64;

    /**
     * @throws ServiceException InvalidXmlNodeValue for an id that is empty or longer than
     *                          {@link #MAX_ID_LENGTH}
     */
    public StoredAccessPolicy {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(expiry, "expiry");
        Objects.requireNonNull(permission, "permission");
        if (id.isEmpty() || id.length() > MAX_ID_LENGTH) {
            throw new ServiceException(CommonError.INVALID_XML_NODE_VALUE,
                    "A signed identifier's Id must have 1 to " + MAX_ID_LENGTH + " characters; '" + id + "' has "
                            + id.length() + ".");
        }
    }
}
