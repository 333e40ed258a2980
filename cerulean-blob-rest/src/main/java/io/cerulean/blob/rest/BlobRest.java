package io.cerulean.blob.rest;

import io.cerulean.blob.rest.auth.BlobAuthentication;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.cors.CorsPolicy;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.http.properties.ServicePropertiesStore;
import java.time.Clock;

/** Wires the Blob service's REST layer into the kernel's request pipeline. */
public final class BlobRest {
    private BlobRest() {
    }

    /**
     * The pipeline that serves the Blob service on {@code service} for {@code accounts}. One
     * service-properties store is shared by the service operations and the CORS stage, so that a Set
     * applies to the next request.
     *
     * @param exclusiveStore whether this server is its store's only user (RocksDB, memory), so that
     *                       what it read of the service properties stays true until it writes them
     */
    public static RequestPipeline<BlobResource, BlobOperation, BlobGrant> pipeline(
            BlobService service, boolean exclusiveStore, Accounts accounts, OAuthTrust oauth, Metrics metrics,
            Clock clock) {
        ServicePropertiesStore properties =
                new ServicePropertiesStore(new BlobServicePropertiesStorage(service, exclusiveStore));
        return new RequestPipeline<>(new BlobRestService(service, properties, clock),
                BlobAuthentication.of(accounts, service.containers()::findAcl, service.containers()::findPublicAccess,
                        oauth, clock),
                new CorsPolicy(properties::corsRules, BlobPathParser.URLS), metrics);
    }
}
