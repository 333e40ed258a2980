package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MaxResults;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.message.QueryParameters;
import io.cerulean.queue.rest.resource.QueuePathParser;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.xml.QueueListXml;
import io.cerulean.queue.service.QueueService;
import java.util.Locale;
import java.util.Optional;

/**
 * List Queues: a page of queues in name order, from {@code marker} on, {@code NextMarker} naming
 * where the next begins; at most {@link #MAX_RESULTS} a page, a larger {@code maxresults} served as
 * that ({@link MaxResults}). A {@code prefix} or {@code marker} that XML cannot carry is refused, as
 * no queue name holds such a character and the answer could not echo it.
 */
public final class ListQueues implements QueueRestOperation {
    /** The most queues one page holds. */
    public static final int MAX_RESULTS = 5000;

    private final QueueService service;

    public ListQueues(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        String prefix = QueryParameters.echoedText(request, "prefix");
        String marker = QueryParameters.echoedText(request, "marker");
        MaxResults max = MaxResults.of(request, MAX_RESULTS);
        String include = request.queryParameter("include");
        boolean includeMetadata = include != null && include.toLowerCase(Locale.ROOT).contains("metadata");
        QueueService.QueueList page = service.listQueues(resource.account(), prefix == null ? "" : prefix,
                Optional.ofNullable(marker).filter(m -> !m.isEmpty()), max.limit());
        QueueListXml.Request echo = new QueueListXml.Request(Optional.ofNullable(prefix), Optional.ofNullable(marker),
                max.echo(), includeMetadata);
        String endpoint = QueuePathParser.URLS.accountBaseUrl(request, resource.account()) + "/";
        return AzureResponse.status(200).body(MediaTypes.XML,
                QueueListXml.write(endpoint, echo, page.queues(), page.nextMarker()));
    }
}
