package io.cerulean.server.acl;

import io.cerulean.server.http.AzureResponse;
import io.cerulean.server.http.MediaTypes;
import io.cerulean.server.operations.RequestContext;
import io.cerulean.server.operations.TableOperation;

/** Get Table ACL: {@code GET /<table>?comp=acl}, 200 with the table's stored access policies as XML. */
public final class GetTableAcl implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        byte[] body = AclXml.write(context.service().acl(AclRequests.table(context)));
        return AzureResponse.status(200).body(MediaTypes.XML, body);
    }
}
