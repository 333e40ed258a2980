package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.ContainerListXml;
import io.cerulean.blob.service.Containers;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MaxResults;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.message.QueryParameters;
import java.util.Optional;

/**
 * List Containers: a page of containers in name order, from {@code marker} on, {@code NextMarker}
 * naming where the next begins; at most {@link #MAX_RESULTS} a page, a larger {@code maxresults}
 * served as that ({@link MaxResults}). A {@code prefix} or {@code marker} that XML cannot carry is
 * refused, as no container name holds such a character and the answer could not echo it.
 */
public final class ListContainers implements BlobRestOperation {
    /** The most containers one page holds. */
    public static final int MAX_RESULTS = 5000;

    private final Containers containers;

    public ListContainers(Containers containers) {
        this.containers = containers;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        String prefix = QueryParameters.echoedText(request, "prefix");
        String marker = QueryParameters.echoedText(request, "marker");
        MaxResults max = MaxResults.of(request, MAX_RESULTS);
        boolean includeMetadata = ListBlobs.includes(request, "metadata", ListBlobs.CONTAINER_INCLUDES);
        Containers.ContainerList page = containers.list(resource.account(), prefix == null ? "" : prefix,
                Optional.ofNullable(marker).filter(m -> !m.isEmpty()), max.limit());
        ContainerListXml.Request echo = new ContainerListXml.Request(Optional.ofNullable(prefix),
                Optional.ofNullable(marker), max.echo(), includeMetadata);
        String endpoint = BlobPathParser.URLS.accountBaseUrl(request, resource.account()) + "/";
        return AzureResponse.status(200).body(MediaTypes.XML,
                ContainerListXml.write(endpoint, echo, page.containers(), page.nextMarker(), containers.now()));
    }
}
