package io.cerulean.queue.rest;

import io.cerulean.http.auth.Accounts;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.queue.rest.auth.QueueAuthentication;
import io.cerulean.queue.rest.auth.QueueGrant;
import io.cerulean.queue.rest.resource.QueuePathParser;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.routing.QueueOperation;
import io.cerulean.queue.service.QueueService;
import io.cerulean.rest.ServicePipelines;
import io.cerulean.rest.StoredServiceProperties;
import io.cerulean.storage.database.Database;
import java.time.Clock;

/** Wires the Queue service's REST layer into the kernel's request pipeline. */
public final class QueueRest {
    /** The Queue service's row among each account's service properties documents. */
    static final String SERVICE_DOCUMENT = "queue";

    private QueueRest() {
    }

    /**
     * The pipeline that serves the Queue service on {@code service} for {@code accounts}, its accounts'
     * service properties kept in {@code database}, the one the service was opened on (read at every
     * request unless this server is the database's only user).
     */
    public static RequestPipeline<QueueResource, QueueOperation, QueueGrant> pipeline(
            QueueService service, Database database, Accounts accounts, OAuthTrust oauth,
            Metrics metrics, Clock clock) {
        return ServicePipelines.pipeline(new StoredServiceProperties(database.records(), SERVICE_DOCUMENT,
                        database.exclusive()),
                properties -> new QueueRestService(service, properties, clock),
                QueueAuthentication.of(accounts, service::findAcl, oauth, clock), QueuePathParser.URLS, metrics);
    }
}
