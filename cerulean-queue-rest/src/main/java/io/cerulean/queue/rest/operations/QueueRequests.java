package io.cerulean.queue.rest.operations;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.http.acl.SignedIdentifiersXml;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.message.MetadataHeaders;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.queue.rest.auth.QueueSasAuthenticator;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** The operations on a queue itself (contract 3.5 to 3.10): create, delete, metadata, ACL. */
public final class QueueRequests {
    private final QueueService service;

    public QueueRequests(QueueService service) {
        this.service = service;
    }

    /** Create Queue: 201 when new; 204 when it was there with the same metadata (else 409 QueueAlreadyExists). */
    public AzureResponse create(QueueResource resource, AzureRequest request) {
        QueueMetadata metadata = new QueueMetadata(MetadataHeaders.read(request));
        return switch (service.createQueue(resource.account(), resource.queue(), metadata)) {
            case CREATED -> AzureResponse.status(201);
            case ALREADY_THERE -> AzureResponse.status(204);
        };
    }

    /** Delete Queue: 204, its messages and ACL gone with it. */
    public AzureResponse delete(QueueResource resource) {
        service.deleteQueue(resource.account(), resource.queue());
        return AzureResponse.status(204);
    }

    /** Get Queue Metadata: 200 with the metadata and {@code x-ms-approximate-messages-count}, no body. */
    public AzureResponse getMetadata(QueueResource resource) {
        QueueService.QueueProperties properties = service.properties(resource.account(), resource.queue());
        return MetadataHeaders.write(AzureResponse.status(200), properties.metadata().pairs())
                .header("x-ms-approximate-messages-count", Long.toString(properties.approximateMessageCount()));
    }

    /** Set Queue Metadata: 204, the metadata replaced by what the request sends (none clears it). */
    public AzureResponse setMetadata(QueueResource resource, AzureRequest request) {
        QueueMetadata metadata = new QueueMetadata(MetadataHeaders.read(request));
        service.setMetadata(resource.account(), resource.queue(), metadata);
        return AzureResponse.status(204);
    }

    /** Get Queue ACL: 200 with the queue's {@code SignedIdentifiers}. */
    public AzureResponse getAcl(QueueResource resource) {
        AccessPolicies acl = service.acl(resource.account(), resource.queue());
        return AzureResponse.status(200).body(MediaTypes.XML, SignedIdentifiersXml.write(acl));
    }

    /** Set Queue ACL: 204; an empty body removes every stored access policy. */
    public AzureResponse setAcl(QueueResource resource, AzureRequest request) {
        AccessPolicies acl = SignedIdentifiersXml.read(request.body())
                .requirePermissions(QueueSasAuthenticator.PERMISSIONS);
        service.setAcl(resource.account(), resource.queue(), acl);
        return AzureResponse.status(204);
    }
}
