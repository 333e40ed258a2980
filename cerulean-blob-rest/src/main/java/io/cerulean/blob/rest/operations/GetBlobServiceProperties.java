package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesXml;

/** Get Blob Service Properties: the account's, the defaults until something was set. */
public final class GetBlobServiceProperties implements BlobRestOperation {
    private final ServicePropertiesStore properties;

    public GetBlobServiceProperties(ServicePropertiesStore properties) {
        this.properties = properties;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        return AzureResponse.status(200).body(MediaTypes.XML, ServicePropertiesXml.write(properties.get(resource.account())));
    }
}
