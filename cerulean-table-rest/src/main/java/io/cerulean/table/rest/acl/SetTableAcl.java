package io.cerulean.table.rest.acl;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.http.acl.SignedIdentifiersXml;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;
import io.cerulean.table.layout.StoredTable;

/**
 * Set Table ACL: {@code PUT /<table>?comp=acl} with a {@code <SignedIdentifiers>} body, 204. The
 * body replaces every stored access policy of the table; an empty body removes them all. The
 * table is looked up before the body is read, so a request for a missing table is TableNotFound
 * whatever it carries; the whole body is read before anything is stored, so a refused request
 * changes nothing.
 */
public final class SetTableAcl implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        StoredTable table = AclRequests.table(context);
        AccessPolicies acl = SignedIdentifiersXml.read(context.request().body());
        context.service().setAcl(table, acl);
        return AzureResponse.status(204);
    }
}
