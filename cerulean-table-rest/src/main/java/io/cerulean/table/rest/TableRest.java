package io.cerulean.table.rest;

import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.http.throttle.Throttle;
import io.cerulean.rest.ServicePipelines;
import io.cerulean.rest.StoredServiceProperties;
import io.cerulean.storage.database.Database;
import io.cerulean.table.advisor.Advisor;
import io.cerulean.table.advisor.AdvisorSettings;
import io.cerulean.table.rest.advisor.AdvisorLog;
import io.cerulean.table.rest.advisor.AdvisorMetrics;
import io.cerulean.table.rest.auth.AccessGrant;
import io.cerulean.table.rest.auth.TableAuthentication;
import io.cerulean.table.rest.metrics.QueryMetrics;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.service.TableService;
import java.time.Clock;

/** Wires the Table service's REST layer into the kernel's request pipeline. */
public final class TableRest {
    /** The Table service's row among each account's service properties documents. */
    static final String SERVICE_DOCUMENT = "table";

    private TableRest() {
    }

    /**
     * The pipeline that serves the Table service on {@code service} for {@code accounts}, bearer
     * tokens trusted as {@code oauth} says, its accounts' service properties kept in
     * {@code database}, the one the service was opened on (read at every request unless this
     * server is the database's only user).
     */
    public static RequestPipeline<Resource, TableRestOperation, AccessGrant> pipeline(
            TableService service, Database database, Accounts accounts, OAuthTrust oauth, Metrics metrics,
            Clock clock) {
        return pipeline(service, database, accounts, oauth, metrics, clock, AdvisorSettings.OFF, Throttle.OFF);
    }

    /**
     * As above, with a design advisor on the traffic as {@code advisorSettings} say (see {@link Advisor}),
     * holding requests to the scalability targets {@code throttle} enforces: the account's at the
     * pipeline's throttle stage, each partition's as the operations read and write it.
     */
    public static RequestPipeline<Resource, TableRestOperation, AccessGrant> pipeline(
            TableService service, Database database, Accounts accounts, OAuthTrust oauth, Metrics metrics,
            Clock clock, AdvisorSettings advisorSettings, Throttle throttle) {
        StoredPolicies policies = (account, table) -> service.findTable(account, table).map(service::acl);
        Advisor advisor = advisorSettings.enabled()
                ? new Advisor(advisorSettings, System::nanoTime, AdvisorLog::record) : Advisor.off();
        AdvisorMetrics.register(advisor, metrics.registry());
        return ServicePipelines.pipeline(
                new StoredServiceProperties(database.records(), SERVICE_DOCUMENT, database.exclusive()),
                properties -> new TableRestService(service, new QueryMetrics(metrics.registry()), properties, advisor,
                        throttle),
                TableAuthentication.of(accounts, policies, oauth, clock), TableRestService.URLS, metrics)
                .withThrottle(throttle);
    }
}
