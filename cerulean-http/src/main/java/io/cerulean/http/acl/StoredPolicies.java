package io.cerulean.http.acl;

import io.cerulean.common.acl.AccessPolicies;
import java.util.Optional;

/**
 * Where a service SAS that names a stored access policy ({@code si}) finds it: the policies of the
 * resource the SAS is for (a table, a queue, a container), or empty when there is no such resource.
 */
@FunctionalInterface
public interface StoredPolicies {
    Optional<AccessPolicies> find(String account, String resource);
}
