package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Get Account Information: what kind of account this is, as a general-purpose v2 account with
 * read-access geo-redundancy (a secondary endpoint is served) and no hierarchical namespace.
 */
public final class GetAccountInformation implements BlobRestOperation {
    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        return AzureResponse.status(200).header("x-ms-sku-name", "Standard_RAGRS")
                .header("x-ms-account-kind", "StorageV2").header("x-ms-is-hns-enabled", "false");
    }
}
