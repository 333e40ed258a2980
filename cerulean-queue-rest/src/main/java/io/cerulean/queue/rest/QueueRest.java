package io.cerulean.queue.rest;

import io.cerulean.http.auth.Accounts;
import io.cerulean.http.cors.CorsPolicy;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.queue.rest.auth.QueueAuthentication;
import io.cerulean.queue.rest.auth.QueueGrant;
import io.cerulean.queue.rest.resource.QueuePathParser;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.routing.QueueOperation;
import io.cerulean.queue.service.QueueService;
import java.time.Clock;

/** Wires the Queue service's REST layer into the kernel's request pipeline. */
public final class QueueRest {
    private QueueRest() {
    }

    /**
     * The pipeline that serves the Queue service on {@code service} for {@code accounts}. One
     * service-properties store is shared by the service operations and the CORS stage, so that a Set
     * applies to the next request.
     *
     * @param exclusiveStore whether this server is its store's only user (RocksDB, memory), so that
     *                       what it read of the service properties stays true until it writes them
     */
    public static RequestPipeline<QueueResource, QueueOperation, QueueGrant> pipeline(
            QueueService service, boolean exclusiveStore, Accounts accounts, OAuthTrust oauth, Metrics metrics,
            Clock clock) {
        ServicePropertiesStore properties =
                new ServicePropertiesStore(new QueueServicePropertiesStorage(service, exclusiveStore));
        return new RequestPipeline<>(new QueueRestService(service, properties, clock),
                QueueAuthentication.of(accounts, service::findAcl, oauth, clock),
                new CorsPolicy(properties::corsRules, QueuePathParser.URLS), metrics);
    }
}
