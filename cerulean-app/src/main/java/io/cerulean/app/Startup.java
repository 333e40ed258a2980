package io.cerulean.app;

import io.cerulean.app.Cerulean.Service;
import io.cerulean.app.backup.BackupControl;
import io.cerulean.app.backup.OpenDataDirectory;
import io.cerulean.app.control.ControlAddress;
import io.cerulean.app.control.ControlSocket;
import io.cerulean.app.metrics.StoreMeters;
import io.cerulean.console.ConsoleHandler;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.health.HealthHandler;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.server.HttpServer;
import io.cerulean.http.server.PortInUseException;
import io.cerulean.http.server.RequestHandler;
import io.cerulean.http.server.ServerConfig;
import io.cerulean.http.throttle.Throttle;
import io.cerulean.http.tls.SelfSignedCertificate;
import io.cerulean.storage.database.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.LoggerFactory;

/**
 * How a Cerulean starts, in order: the credentials it trusts, the database, each service on it,
 * Storage Analytics, each port (with the console in front when it is on, and the health checks in
 * front of all), readiness once every port serves, and last the control socket. A start that
 * fails closes what it opened, and leaves no data directory it did not find.
 */
final class Startup {
    private final StartSettings settings;

    private Startup(StartSettings settings) {
        this.settings = settings;
    }

    /** See {@link Cerulean.Builder#start()}. */
    static Cerulean start(StartSettings settings) {
        return new Startup(settings).start();
    }

    private Cerulean start() {
        Accounts configured = new Accounts(new ArrayList<>(settings.accounts()));
        OAuthTrust trust = OAuthTrust.start(settings.oauth(), Clock.systemUTC()); // before the store: it may refuse
        ServerConfig config = new ServerConfig(settings.host(), settings.port(), settings.workerThreads(),
                settings.tls(), settings.connectionLimits());
        Map<Service, Integer> ports = ports();
        // A start that fails (the port is taken) leaves no data directory it did not find.
        Path dataDir = settings.database().dataDir();
        boolean dataDirFound = !settings.database().keepsDataDir() || Files.exists(dataDir);
        try {
            return start(configured, trust, config, ports);
        } catch (RuntimeException e) {
            settings.requestLog().close();
            if (!dataDirFound) {
                DataDirectories.deleteQuietly(dataDir, e);
            }
            throw e;
        }
    }

    /** Each served service's port: the Queue's and the Blob's default to Azurite's unless the Table's is 0. */
    private Map<Service, Integer> ports() {
        int port = settings.port();
        Map<Service, Integer> ports = new EnumMap<>(Service.class);
        ports.put(Service.TABLE, port);
        ports.put(Service.QUEUE, settings.queuePort() != null ? settings.queuePort()
                : port == 0 ? 0 : Cerulean.Builder.DEFAULT_QUEUE_PORT);
        ports.put(Service.BLOB, settings.blobPort() != null ? settings.blobPort()
                : port == 0 ? 0 : Cerulean.Builder.DEFAULT_BLOB_PORT);
        ports.keySet().retainAll(settings.services());
        Map<Integer, Service> taken = new HashMap<>();
        for (Map.Entry<Service, Integer> entry : ports.entrySet()) {
            Service other = entry.getValue() == 0 ? null : taken.put(entry.getValue(), entry.getKey());
            if (other != null) {
                throw new IllegalArgumentException("the " + other + " and " + entry.getKey()
                        + " services need ports of their own, not both " + entry.getValue());
            }
        }
        return ports;
    }

    private Cerulean start(Accounts configured, OAuthTrust trust, ServerConfig config, Map<Service, Integer> ports) {
        MetricsServing metrics = new MetricsServing(settings.metrics()); // before the store, whose meters it holds
        DatabaseConfig.Opened opened;
        try {
            opened = settings.database().open(new StoreMeters(metrics.registry()));
        } catch (RuntimeException e) {
            metrics.close();
            throw e;
        }
        Database database = opened.database();
        ExecutorService scanHelper = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "cerulean-scan-helper");
            thread.setDaemon(true);
            return thread;
        });
        Health health = Health.of(database, settings.database().storeName());
        Path temporaryTlsDir = null;
        AnalyticsAssembly analytics = null;
        List<ServiceAssembly.Assembled> assembled = new ArrayList<>();
        Map<Service, HttpServer> servers = new EnumMap<>(Service.class);
        try {
            if (settings.selfSignedTls()) {
                // After the store is open: its lock keeps a second server out of the directory.
                Path dir = !settings.database().keepsDataDir()
                        ? (temporaryTlsDir = Files.createTempDirectory("cerulean-tls-"))
                        : settings.database().dataDir().resolve("tls");
                config = config.withTls(SelfSignedCertificate.keptIn(dir, Clock.systemUTC()));
            }
            ServiceAssembly assembly = new ServiceAssembly(configured, trust, metrics.metrics(),
                    settings.timestampClock(), settings.pageBudget(), scanHelper, settings.queueClock(),
                    settings.queueSweepEvery(), settings.blobClock(), settings.blobSweepEvery(), settings.blobOptions(),
                    settings.advisor(), settings.scalabilityTargets() == null ? Throttle.OFF
                            : Throttle.enforcing(settings.scalabilityTargets(), metrics.registry()));
            Map<Service, ServiceAssembly.Assembled> built = new EnumMap<>(Service.class);
            for (Service service : ports.keySet()) {
                built.put(service, assembly.assemble(service, database));
                assembled.add(built.get(service));
            }
            analytics = AnalyticsAssembly.start(configured, database, built, settings.analytics());
            Reset reset = new Reset(database, built, settings);
            Map<String, RequestHandler> handlers = new HashMap<>();
            for (Service service : ports.keySet()) {
                handlers.put(name(service), handler(service, built.get(service), analytics.recorder(service), reset));
            }
            for (Service service : ports.keySet()) {
                RequestHandler handler = handlers.get(name(service));
                RequestHandler served = settings.console() ? ConsoleHandler.serving(handler, handlers) : handler;
                servers.put(service, startServer(service, config.withPort(ports.get(service)),
                        HealthHandler.serving(served, health.readiness())));
            }
            metrics.startPort(config, health.readiness());
            health.readiness().serving();
            return new Cerulean(database, scanHelper, assembled, servers, configured, config.tls(),
                    temporaryTlsDir, settings.requestLog(), analytics, startControl(opened.dataDirectory()), metrics,
                    health);
        } catch (IOException | RuntimeException e) {
            RuntimeException failure = e instanceof RuntimeException runtime ? runtime
                    : new UncheckedIOException("cannot create a temporary directory for the certificate",
                            (IOException) e);
            for (HttpServer server : servers.values()) {
                try {
                    server.close();
                } catch (RuntimeException closing) {
                    failure.addSuppressed(closing);
                }
            }
            scanHelper.shutdown();
            health.readiness().close();
            try {
                metrics.close();
                if (analytics != null) {
                    analytics.close();
                }
                Cerulean.closeServices(assembled);
                database.close();
            } catch (RuntimeException closing) {
                failure.addSuppressed(closing);
            } finally {
                Cerulean.deleteTemporaryTlsDir(temporaryTlsDir);
            }
            throw failure;
        }
    }

    /**
     * The control socket of a data directory ({@code cerulean backup} reaches the server through it),
     * last, once the server serves; a server that cannot make one serves without it.
     */
    private static ControlSocket startControl(OpenDataDirectory dataDirectory) {
        if (dataDirectory == null) {
            return null;
        }
        Path file = ControlAddress.file(dataDirectory.dataDir());
        try {
            return ControlSocket.start(file, Map.of(BackupControl.NAME, new BackupControl(dataDirectory)));
        } catch (IOException | RuntimeException e) {
            LoggerFactory.getLogger(Cerulean.class).warn("no control socket at {} ({}): cerulean backup cannot "
                    + "reach this server", file, e.toString());
            return null;
        }
    }

    private static String name(Service service) {
        return service.name().toLowerCase(Locale.ROOT);
    }

    /** {@code built}'s pipeline as served: logged, with the faults it is given, and resets as allowed. */
    private RequestHandler handler(Service service, ServiceAssembly.Assembled built, RequestLog analytics,
                                   Reset reset) {
        return built.pipeline().withRequestLog(RequestLog.both(settings.requestLog(), analytics))
                .withFaults(settings.faults(), name(service))
                .withReset(settings.allowReset(), reset);
    }

    /** Starts {@code handler} on its port; a port in use is explained with the flag that moves it. */
    private static HttpServer startServer(Service service, ServerConfig config, RequestHandler handler) {
        try {
            return HttpServer.start(config, handler);
        } catch (PortInUseException e) {
            if (service == Service.TABLE) {
                throw e;
            }
            String name = service == Service.QUEUE ? "Queue" : "Blob";
            throw e.explained("the " + name + " service's port", "choose another with --" + name(service)
                    + "-port, or serve the other services alone with --services");
        }
    }
}
