package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesXml;
import io.cerulean.queue.rest.resource.QueueResource;

/** Get Queue Service Properties: the account's, the defaults until something was set. */
public final class GetQueueServiceProperties implements QueueRestOperation {
    private final ServicePropertiesStore properties;

    public GetQueueServiceProperties(ServicePropertiesStore properties) {
        this.properties = properties;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        return AzureResponse.status(200).body(MediaTypes.XML, ServicePropertiesXml.write(properties.get(resource.account())));
    }
}
