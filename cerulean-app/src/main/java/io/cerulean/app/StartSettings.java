package io.cerulean.app;

import io.cerulean.app.Cerulean.Service;
import io.cerulean.blob.service.BlobOptions;
import io.cerulean.http.auth.Account;
import io.cerulean.http.faults.Faults;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.reset.ResetGrant;
import io.cerulean.http.server.ConnectionLimits;
import io.cerulean.http.throttle.ScalabilityTargets;
import io.cerulean.http.tls.TlsConfig;
import io.cerulean.table.advisor.AdvisorSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Everything a start reads, as a {@link Cerulean.Builder} settled it: what to serve and where, the
 * database, credentials, and each service's settings. {@code queuePort} and {@code blobPort} are null
 * when unset; {@code tls} null without a certificate given; {@code scalabilityTargets} null when none
 * are enforced; {@code metrics} how the metrics are served.
 */
record StartSettings(String host, int port, Integer queuePort, Integer blobPort, Set<Service> services,
                     int workerThreads, TlsConfig tls, boolean selfSignedTls, ConnectionLimits connectionLimits,
                     DatabaseConfig database, List<Account> accounts, OAuthConfig oauth, Clock timestampClock,
                     Duration pageBudget, Clock queueClock, Duration queueSweepEvery, Clock blobClock,
                     Duration blobSweepEvery, BlobOptions blobOptions, AdvisorSettings advisor,
                     ScalabilityTargets scalabilityTargets, AnalyticsAssembly.Settings analytics,
                     RequestLog requestLog, Faults faults, boolean console, MetricsServing.Settings metrics,
                     ResetGrant allowReset) {
}
