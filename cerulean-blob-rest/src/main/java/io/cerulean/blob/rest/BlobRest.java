package io.cerulean.blob.rest;

import io.cerulean.blob.rest.auth.BlobAuthentication;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.UserDelegationKeys;
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
import io.cerulean.http.properties.RetentionPolicy;
import io.cerulean.http.properties.ServicePropertiesStore;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;

/** Wires the Blob service's REST layer into the kernel's request pipeline. */
public final class BlobRest {
    /** The Blob service's row among each account's service properties documents. */
    static final String SERVICE_DOCUMENT = "blob";

    private BlobRest() {
    }

    /**
     * Each account's soft delete retention as its stored Blob service properties say now (null while
     * its policy is off), for the sweep that removes deleted blobs once it has passed. Read from the
     * store at each sweep, never from a cache of its own: Set Blob Service Properties updates the
     * pipeline's cache, not this one, and a sweep is rare enough for one read per account.
     */
    public static Function<String, Duration> deleteRetention(Database database) {
        ServicePropertiesStore properties = new ServicePropertiesStore(new StoredServiceProperties(database.records(),
                SERVICE_DOCUMENT, false));
        return account -> properties.get(account).deleteRetention().filter(RetentionPolicy::enabled)
                .map(policy -> Duration.ofDays(policy.days())).orElse(null);
    }

    /**
     * The pipeline that serves the Blob service on {@code service} for {@code accounts}, its accounts'
     * service properties kept in {@code database}, the one the service was opened on (read at every
     * request unless this server is the database's only user), and user delegation keys derived from
     * the secret its server state keeps.
     */
    public static RequestPipeline<BlobResource, BlobOperation, BlobGrant> pipeline(
            BlobService service, Database database, Accounts accounts, OAuthTrust oauth,
            Metrics metrics, Clock clock) {
        UserDelegationKeys keys = UserDelegationKeys.of(database.state());
        RequestAuthenticator<BlobGrant> authentication = BlobAuthentication.of(accounts,
                service.containers()::findAcl, service.containers()::findPublicAccess, oauth, keys, clock);
        CopySourceAuthorization sources = new CopySourceAuthorization(authentication);
        return ServicePipelines.pipeline(new StoredServiceProperties(database.records(), SERVICE_DOCUMENT,
                        database.exclusive()),
                properties -> new BlobRestService(service, properties, keys, sources, clock), authentication,
                BlobPathParser.URLS, metrics);
    }
}
