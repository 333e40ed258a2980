package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.ContainerListXml;
import io.cerulean.blob.service.Containers;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.message.QueryParameters;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * List Containers: a page of containers in name order, from {@code marker} on, {@code NextMarker}
 * naming where the next begins; {@code maxresults} from 1 to {@link #MAX_RESULTS}. A {@code prefix}
 * or {@code marker} that XML cannot carry is refused, as no container name holds such a character
 * and the answer could not echo it.
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
        OptionalLong maxResults = OptionalLong.of(QueryParameters.inRange(request, "maxresults", MAX_RESULTS, 1,
                MAX_RESULTS));
        boolean includeMetadata = ListBlobs.includes(request, "metadata", ListBlobs.CONTAINER_INCLUDES);
        Containers.ContainerList page = containers.list(resource.account(), prefix == null ? "" : prefix,
                Optional.ofNullable(marker).filter(m -> !m.isEmpty()), (int) maxResults.getAsLong());
        ContainerListXml.Request echo = new ContainerListXml.Request(Optional.ofNullable(prefix),
                Optional.ofNullable(marker), request.queryParameter("maxresults") == null ? Optional.empty()
                : Optional.of((int) maxResults.getAsLong()), includeMetadata);
        String endpoint = BlobPathParser.URLS.accountBaseUrl(request, resource.account()) + "/";
        return AzureResponse.status(200).body(MediaTypes.XML,
                ContainerListXml.write(endpoint, echo, page.containers(), page.nextMarker(), containers.now()));
    }
}
