package io.cerulean.table.rest.acl;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.layout.StoredTable;

/** What Get and Set Table ACL share: the request names {@code comp=acl} and an existing table. */
final class AclRequests {
    private AclRequests() {
    }

    /**
     * The table whose ACL the request addresses.
     *
     * @throws TableServiceException InvalidQueryParameterValue for a {@code comp} other than
     *                               {@code acl} (the router sends any {@code comp} on a table here),
     *                               TableNotFound when the table does not exist
     */
    static StoredTable table(RequestContext context) {
        String comp = context.request().queryParameter("comp");
        if (!"acl".equals(comp)) {
            throw new TableServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                    CommonError.INVALID_QUERY_PARAMETER_VALUE.message() + " A table offers comp=acl only, not comp="
                            + comp + ".");
        }
        return context.service().table(context.account(), context.resource().table());
    }
}
