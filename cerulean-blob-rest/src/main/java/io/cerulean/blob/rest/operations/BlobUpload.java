package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.BodySink;

/**
 * A Blob operation whose body is a blob's bytes, streamed: the server asks it where the body goes
 * once the caller is authorized, and runs it once the body is whole. Its head is checked here, so
 * that a request that will be refused keeps none of its body.
 */
public interface BlobUpload extends BlobRestOperation {
    /** Where the body goes as it arrives, or the refusal the request's head alone earns. */
    BodySink receive(BlobResource resource, AzureRequest head);
}
