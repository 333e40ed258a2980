package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.ApiVersion;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesUpdate;
import io.cerulean.http.properties.ServicePropertiesXml;
import io.cerulean.http.xml.InvalidXml;
import io.cerulean.http.xml.XmlDocuments;

/**
 * Set Blob Service Properties: 202; the sections sent replace those stored, the others stay. New
 * CORS rules apply from the next request on. {@code DefaultServiceVersion}, which only the Blob
 * service has, is not kept (every request is served whatever its version), but one that is not a
 * version date is refused as the service refuses it, 400 InvalidXmlNodeValue, and nothing changes.
 * {@code DeleteRetentionPolicy} is kept: it is the soft delete policy Delete Blob follows.
 */
public final class SetBlobServiceProperties implements BlobRestOperation {
    private final ServicePropertiesStore properties;

    public SetBlobServiceProperties(ServicePropertiesStore properties) {
        this.properties = properties;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        ServicePropertiesUpdate update = ServicePropertiesXml.readUpdate(request.body(), true);
        XmlDocuments.parse(request.body()).optionalChild("DefaultServiceVersion").ifPresent(version -> {
            if (!ApiVersion.isWellFormed(version.value())) {
                throw InvalidXml.nodeValue("DefaultServiceVersion '" + version.value() + "' is not a version.");
            }
        });
        properties.update(resource.account(), update);
        return AzureResponse.status(202);
    }
}
