package io.cerulean.app;

import io.cerulean.blob.rest.BlobRest;
import io.cerulean.blob.service.BlobOptions;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.http.throttle.Throttle;
import io.cerulean.queue.rest.QueueRest;
import io.cerulean.queue.service.QueueService;
import io.cerulean.storage.database.Database;
import io.cerulean.table.advisor.AdvisorSettings;
import io.cerulean.table.rest.TableRest;
import io.cerulean.table.service.TableService;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * How each service is built on the database, the one place that names them all: its semantics
 * opened on the database as a peer of the others, its REST pipeline, and the sweep that runs beside
 * it. A new service is one more case here.
 *
 * @param timestampClock the wall clock entity Timestamps start from
 * @param scanHelper     where the Table service may read the second half of a long scan
 * @param advisor        how the Table service's design advisor judges, if it is on
 * @param throttle       the scalability targets every service's requests are held to, one for all of
 *                       them: an account's targets span its services, as on Azure
 */
record ServiceAssembly(Accounts accounts, OAuthTrust trust, Metrics metrics, Clock timestampClock,
                       Duration pageBudget, Executor scanHelper, Clock queueClock, Duration queueSweepEvery,
                       Clock blobClock, Duration blobSweepEvery, BlobOptions blobOptions,
                       AdvisorSettings advisor, Throttle throttle) {

    /**
     * A service built on the database.
     *
     * @param pipeline the request path, for a server to start on
     * @param sweeper what runs beside it, started; empty for none
     * @param service what to close once the server stops: what the service runs itself, never the database
     * @param semantics the service opened on the database ({@code TableService}, {@code QueueService},
     *                  {@code BlobService}), which Storage Analytics writes through
     */
    record Assembled(RequestPipeline<?, ?, ?> pipeline, Optional<Sweeper> sweeper, AutoCloseable service,
                     Object semantics) {
    }

    /**
     * Builds {@code service} on {@code database} and starts its sweep.
     *
     * @throws io.cerulean.storage.StoreFormatException when the store holds its data in another format
     */
    Assembled assemble(Cerulean.Service service, Database database) {
        Clock requestClock = Clock.systemUTC();
        return switch (service) {
            case TABLE -> {
                TableService tables = TableService.open(database, timestampClock, pageBudget, scanHelper);
                yield new Assembled(TableRest.pipeline(tables, database, accounts, trust, metrics, requestClock,
                        advisor, throttle),
                        Optional.empty(), tables, tables);
            }
            case QUEUE -> {
                QueueService queues = QueueService.open(database, queueClock);
                yield new Assembled(QueueRest.pipeline(queues, database, accounts, trust, metrics,
                        requestClock).withThrottle(throttle), Optional.of(Sweeper.start("queue", "expired queue messages",
                        queues::sweepExpired, queueSweepEvery)), () -> { }, queues);
            }
            case BLOB -> {
                BlobService blobs = BlobService.open(database, blobClock, blobOptions);
                Function<String, Duration> retention = BlobRest.deleteRetention(database);
                yield new Assembled(BlobRest.pipeline(blobs, database, accounts, trust, metrics,
                        requestClock).withThrottle(throttle), Optional.of(Sweeper.start("blob",
                        "staged blocks never committed, bytes and tag index entries nothing names, and deleted blobs past"
                                + " their retention",
                        () -> blobs.sweeps().all(retention), blobSweepEvery)), blobs::close, blobs);
            }
        };
    }
}
