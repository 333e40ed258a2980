package io.cerulean.blob.rest;

import io.cerulean.blob.rest.auth.BlobAuthentication;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.rest.ServicePipelines;
import io.cerulean.rest.StoredServiceProperties;
import io.cerulean.storage.KeyValueStore;
import java.time.Clock;

/** Wires the Blob service's REST layer into the kernel's request pipeline. */
public final class BlobRest {
    /** The Blob service's row among each account's service properties documents. */
    static final String SERVICE_DOCUMENT = "blob";

    private BlobRest() {
    }

    /**
     * The pipeline that serves the Blob service on {@code service} for {@code accounts}, its accounts'
     * service properties kept in {@code store}, the record store the service was built on.
     *
     * @param exclusiveStore whether this server is its store's only user (RocksDB, memory), so that
     *                       what it read of the service properties stays true until it writes them
     */
    public static RequestPipeline<BlobResource, BlobOperation, BlobGrant> pipeline(
            BlobService service, KeyValueStore store, boolean exclusiveStore, Accounts accounts, OAuthTrust oauth,
            Metrics metrics, Clock clock) {
        return ServicePipelines.pipeline(new StoredServiceProperties(store, SERVICE_DOCUMENT, exclusiveStore),
                properties -> new BlobRestService(service, properties, clock),
                BlobAuthentication.of(accounts, service.containers()::findAcl, service.containers()::findPublicAccess,
                        oauth, clock),
                BlobPathParser.URLS, metrics);
    }
}
