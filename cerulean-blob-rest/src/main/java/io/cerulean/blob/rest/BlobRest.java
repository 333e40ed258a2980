package io.cerulean.blob.rest;

import io.cerulean.blob.rest.auth.BlobAuthentication;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.http.auth.RequestAuthenticator;
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
import io.cerulean.storage.database.Database;
import java.time.Clock;

/** Wires the Blob service's REST layer into the kernel's request pipeline. */
public final class BlobRest {
    /** The Blob service's row among each account's service properties documents. */
    static final String SERVICE_DOCUMENT = "blob";

    private BlobRest() {
    }

    /**
     * The pipeline that serves the Blob service on {@code service} for {@code accounts}, its accounts'
     * service properties kept in {@code database}, the one the service was opened on (read at every
     * request unless this server is the database's only user).
     */
    public static RequestPipeline<BlobResource, BlobOperation, BlobGrant> pipeline(
            BlobService service, Database database, Accounts accounts, OAuthTrust oauth,
            Metrics metrics, Clock clock) {
        RequestAuthenticator<BlobGrant> authentication = BlobAuthentication.of(accounts,
                service.containers()::findAcl, service.containers()::findPublicAccess, oauth, clock);
        CopySourceAuthorization sources = new CopySourceAuthorization(authentication);
        return ServicePipelines.pipeline(new StoredServiceProperties(database.records(), SERVICE_DOCUMENT,
                        database.exclusive()),
                properties -> new BlobRestService(service, properties, sources, clock), authentication,
                BlobPathParser.URLS, metrics);
    }
}
