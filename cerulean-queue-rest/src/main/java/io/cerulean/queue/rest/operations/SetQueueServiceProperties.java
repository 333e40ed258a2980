package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesXml;
import io.cerulean.queue.rest.resource.QueueResource;

/**
 * Set Queue Service Properties: 202; the sections sent replace those stored, the others stay.
 * New CORS rules apply from the next request on.
 */
public final class SetQueueServiceProperties implements QueueRestOperation {
    private final ServicePropertiesStore properties;

    public SetQueueServiceProperties(ServicePropertiesStore properties) {
        this.properties = properties;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        properties.update(resource.account(), ServicePropertiesXml.readUpdate(request.body()));
        return AzureResponse.status(202);
    }
}
