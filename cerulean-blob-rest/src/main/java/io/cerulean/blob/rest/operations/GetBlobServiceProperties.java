package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.RetentionPolicy;
import io.cerulean.http.properties.ServiceProperties;
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
        ServiceProperties stored = properties.get(resource.account());
        if (stored.deleteRetention().isEmpty()) { // the Blob service always shows its soft delete policy
            stored = new ServiceProperties(stored.logging(), stored.hourMetrics(), stored.minuteMetrics(),
                    stored.cors(), java.util.Optional.of(RetentionPolicy.disabled()));
        }
        return AzureResponse.status(200).body(MediaTypes.XML, ServicePropertiesXml.write(stored));
    }
}
