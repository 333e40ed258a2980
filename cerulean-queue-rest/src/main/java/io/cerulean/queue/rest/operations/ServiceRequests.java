package io.cerulean.queue.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesXml;
import io.cerulean.http.properties.ServiceStatsXml;
import io.cerulean.queue.rest.resource.QueuePathParser;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.xml.QueueListXml;
import io.cerulean.queue.service.QueueService;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The operations on the account's Queue service (contract 3.1 to 3.4): List Queues, Get and Set
 * Queue Service Properties, Get Queue Service Stats.
 */
public final class ServiceRequests {
    /** The most queues one List Queues page holds; a larger {@code maxresults} is served as this. */
    public static final int MAX_RESULTS = 5000;

    private final QueueService service;
    private final ServicePropertiesStore properties;
    private final Clock clock;

    public ServiceRequests(QueueService service, ServicePropertiesStore properties, Clock clock) {
        this.service = service;
        this.properties = properties;
        this.clock = clock;
    }

    /** List Queues: a page of queues in name order, {@code NextMarker} naming where the next begins. */
    public AzureResponse listQueues(QueueResource resource, AzureRequest request) {
        String prefix = request.queryParameter("prefix");
        String marker = request.queryParameter("marker");
        OptionalLong maxResults = QueryParameters.optional(request, "maxresults");
        if (maxResults.isPresent() && maxResults.getAsLong() < 1) {
            throw new ServiceException(CommonError.OUT_OF_RANGE_QUERY_PARAMETER_VALUE,
                    CommonError.OUT_OF_RANGE_QUERY_PARAMETER_VALUE.message() + " maxresults="
                            + maxResults.getAsLong() + ": it must be at least 1.");
        }
        int max = (int) Math.min(maxResults.orElse(MAX_RESULTS), MAX_RESULTS);
        String include = request.queryParameter("include");
        boolean includeMetadata = include != null && include.toLowerCase(Locale.ROOT).contains("metadata");
        QueueService.QueueList page = service.listQueues(resource.account(), prefix == null ? "" : prefix,
                Optional.ofNullable(marker).filter(m -> !m.isEmpty()), max);
        QueueListXml.Request echo = new QueueListXml.Request(Optional.ofNullable(prefix), Optional.ofNullable(marker),
                maxResults.isPresent() ? Optional.of((int) Math.min(maxResults.getAsLong(), Integer.MAX_VALUE))
                        : Optional.empty(), includeMetadata);
        String endpoint = QueuePathParser.URLS.accountBaseUrl(request, resource.account()) + "/";
        return AzureResponse.status(200).body(MediaTypes.XML,
                QueueListXml.write(endpoint, echo, page.queues(), page.nextMarker()));
    }

    /** Get Queue Service Properties: the account's, the defaults until something was set. */
    public AzureResponse getProperties(QueueResource resource) {
        return AzureResponse.status(200).body(MediaTypes.XML,
                ServicePropertiesXml.write(properties.get(resource.account())));
    }

    /** Set Queue Service Properties: 202; the sections sent replace those stored, the others stay. */
    public AzureResponse setProperties(QueueResource resource, AzureRequest request) {
        properties.update(resource.account(), ServicePropertiesXml.readUpdate(request.body()));
        return AzureResponse.status(202);
    }

    /**
     * Get Queue Service Stats: geo-replication always {@code live} and synced now, since one store
     * serves both endpoints. Served on the primary endpoint too, as for the Table service.
     */
    public AzureResponse stats() {
        return AzureResponse.status(200).body(MediaTypes.XML, ServiceStatsXml.write(clock.instant()));
    }
}
