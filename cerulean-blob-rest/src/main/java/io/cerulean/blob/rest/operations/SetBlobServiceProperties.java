package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesXml;

/**
 * Set Blob Service Properties: 202; the sections sent replace those stored, the others stay. New
 * CORS rules apply from the next request on.
 */
public final class SetBlobServiceProperties implements BlobRestOperation {
    private final ServicePropertiesStore properties;

    public SetBlobServiceProperties(ServicePropertiesStore properties) {
        this.properties = properties;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        properties.update(resource.account(), ServicePropertiesXml.readUpdate(request.body()));
        return AzureResponse.status(202);
    }
}
