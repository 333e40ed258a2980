package io.cerulean.table.rest;

import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.cors.CorsPolicy;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.table.rest.auth.AccessGrant;
import io.cerulean.table.rest.auth.TableAuthentication;
import io.cerulean.table.rest.metrics.QueryMetrics;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.routing.Route;
import io.cerulean.table.rest.routing.Router;
import io.cerulean.table.rest.service.TableServicePropertiesStorage;
import io.cerulean.table.service.TableService;
import java.time.Clock;

/** Wires the Table service's REST layer into the kernel's request pipeline. */
public final class TableRest {
    private TableRest() {
    }

    /**
     * The pipeline that serves the Table service on {@code service} for {@code accounts}. One
     * service-properties store is shared by the service operations and the CORS stage, so that a Set
     * applies to the next request.
     */
    public static RequestPipeline<Resource, Route, AccessGrant> pipeline(TableService service, Accounts accounts,
                                                                        Metrics metrics, Clock clock) {
        return pipeline(service, accounts, OAuthTrust.NONE, metrics, clock);
    }

    /** The same, with bearer tokens trusted as {@code oauth} says. */
    public static RequestPipeline<Resource, Route, AccessGrant> pipeline(TableService service, Accounts accounts,
                                                                        OAuthTrust oauth, Metrics metrics, Clock clock) {
        ServicePropertiesStore properties = new ServicePropertiesStore(new TableServicePropertiesStorage(service));
        Router router = new Router(new QueryMetrics(metrics.registry()), properties);
        StoredPolicies policies = (account, table) -> service.findTable(account, table).map(service::acl);
        return new RequestPipeline<>(new TableRestService(service, router),
                TableAuthentication.of(accounts, policies, oauth, clock),
                new CorsPolicy(properties::corsRules, TableRestService.URLS), metrics);
    }
}
