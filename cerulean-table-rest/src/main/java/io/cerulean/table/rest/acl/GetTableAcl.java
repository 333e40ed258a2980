package io.cerulean.table.rest.acl;

import io.cerulean.http.acl.SignedIdentifiersXml;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;

/** Get Table ACL: {@code GET /<table>?comp=acl}, 200 with the table's stored access policies as XML. */
public final class GetTableAcl implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        byte[] body = SignedIdentifiersXml.write(context.service().acl(AclRequests.table(context)));
        return AzureResponse.status(200).body(MediaTypes.XML, body);
    }
}
