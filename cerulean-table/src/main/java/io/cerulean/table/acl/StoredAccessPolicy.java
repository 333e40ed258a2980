package io.cerulean.table.acl;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One signed identifier of a table's ACL (Set Table ACL): an id and the constraints a SAS naming
 * it by {@code si} inherits. Each field may be absent; the SAS then has to carry it itself.
 *
 * @param permission letters from {@code raud}, as stored
 */
public record StoredAccessPolicy(String id, Optional<Instant> start, Optional<Instant> expiry,
                                 Optional<String> permission) {
    /** Longest identifier the service accepts. */
    public static final int MAX_ID_LENGTH = 64;
    /** Permission letters a table's stored policy may hold, in the service's canonical order. */
    public static final String TABLE_PERMISSIONS = "raud";

    public StoredAccessPolicy {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(expiry, "expiry");
        Objects.requireNonNull(permission, "permission");
        if (id.isEmpty() || id.length() > MAX_ID_LENGTH) {
            throw new TableServiceException(CommonError.INVALID_XML_NODE_VALUE,
                    "A signed identifier's Id must have 1 to " + MAX_ID_LENGTH + " characters; '" + id + "' has "
                            + id.length() + ".");
        }
        permission.ifPresent(letters -> {
            for (int i = 0; i < letters.length(); i++) {
                if (TABLE_PERMISSIONS.indexOf(letters.charAt(i)) < 0) {
                    throw new TableServiceException(CommonError.INVALID_XML_NODE_VALUE,
                            "The permission '" + letters + "' of signed identifier '" + id
                                    + "' has a letter other than r, a, u and d.");
                }
            }
        });
    }
}
