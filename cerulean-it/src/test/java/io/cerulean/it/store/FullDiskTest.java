package io.cerulean.it.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.server.HttpServer;
import io.cerulean.http.server.ServerConfig;
import io.cerulean.storage.database.Database;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import io.cerulean.table.rest.TableRest;
import io.cerulean.table.service.TableService;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that cannot take more: RocksDB's own cap on the space of table files
 * ({@link RocksDbKeyValueStore#limitTableFiles}) makes RocksDB refuse writes on the path a full
 * disk takes, without needing a small file system. Writes are answered 503 ServerBusy with
 * Retry-After, which the SDKs retry; reads go on; once there is room again, writes succeed without
 * a restart. The server says so once, not once per refused request, and says when it is over.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FullDiskTest {
    /** Up to 3 MB a transaction: a 4 MB memtable is full within two, and its flush then fails. */
    private static final int PROPERTY_CHARS = 30_000;

    @TempDir
    Path dataDir;

    private RocksDbKeyValueStore keyValueStore;
    private ExecutorService scanHelper;
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        if (scanHelper != null) {
            scanHelper.shutdownNow();
        }
        if (keyValueStore != null) {
            keyValueStore.close();
        }
    }

    @Test
    void aFullDiskIsServerBusyForWritesWhileReadsGoOnAndWritesResumeOnceThereIsRoom() throws InterruptedException {
        PrintStream stderr = System.err;
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        System.setErr(new PrintStream(logged, true));
        try {
            refuseThenResume();
        } finally {
            System.setErr(stderr);
            stderr.print(logged);
        }
        String log = logged.toString();
        assertThat(count(log, "requests cannot be served")).as("warnings in:%n%s", log).isEqualTo(1);
        assertThat(count(log, "the store takes writes again")).as("recoveries in:%n%s", log).isEqualTo(1);
    }

    private static int count(String text, String phrase) {
        Matcher matcher = Pattern.compile(Pattern.quote(phrase)).matcher(text);
        int found = 0;
        while (matcher.find()) {
            found++;
        }
        return found;
    }

    private void refuseThenResume() throws InterruptedException {
        TableClient table = start().getTableClient();
        table.createTable();
        table.createEntity(new TableEntity("p", "before").addProperty("Kept", "yes"));

        keyValueStore.limitTableFiles(1);
        HttpResponseException refused = null;
        for (int batch = 0; batch < 40 && refused == null; batch++) {
            try {
                table.submitTransaction(largeInserts(batch));
            } catch (HttpResponseException e) {
                refused = e;
            }
        }

        assertThat(refused).as("a write refused once the table files may not grow").isNotNull();
        assertThat(refused.getResponse().getStatusCode()).as("status: %s", refused.getMessage()).isEqualTo(503);
        assertThat(refused.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo("ServerBusy");
        assertThat(refused.getResponse().getHeaderValue("Retry-After")).isNotBlank();
        HttpResponseException single = catchHttp(() -> table.upsertEntity(new TableEntity("p", "during")));
        assertThat(single.getResponse().getStatusCode()).isEqualTo(503);
        assertThat(table.getEntity("p", "before").getProperty("Kept")).as("reads go on").isEqualTo("yes");

        keyValueStore.limitTableFiles(0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        boolean written = false;
        while (!written && System.nanoTime() < deadline) {
            try {
                table.upsertEntity(new TableEntity("p", "after").addProperty("Written", true));
                written = true;
            } catch (HttpResponseException e) {
                assertThat(e.getResponse().getStatusCode()).as("while RocksDB recovers: %s", e.getMessage())
                        .isEqualTo(503);
                Thread.sleep(200);
            }
        }
        assertThat(written).as("a write succeeds again, without a restart, once there is room").isTrue();
        assertThat(table.getEntity("p", "after").getProperty("Written")).isEqualTo(true);
    }

    private Started start() {
        keyValueStore = RocksDbKeyValueStore.open(dataDir, RocksDbKeyValueStore.MIN_CACHE_BYTES);
        scanHelper = Executors.newSingleThreadExecutor();
        Database database = Database.open(keyValueStore, false);
        TableService service = TableService.open(database, Clock.systemUTC(), Duration.ofSeconds(5), scanHelper);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Accounts accounts = new Accounts(List.of(Account.development()));
        server = HttpServer.start(new ServerConfig("127.0.0.1", 0, 8),
                TableRest.pipeline(service, database, accounts, OAuthTrust.NONE,
                        new Metrics(registry, registry::scrape), Clock.systemUTC()));
        return new Started(accounts.all().get(0), server.port());
    }

    private record Started(Account account, int port) {
        TableClient getTableClient() {
            String connectionString = "DefaultEndpointsProtocol=http;AccountName=" + account.name() + ";AccountKey="
                    + Base64.getEncoder().encodeToString(account.keys().get(0)) + ";TableEndpoint=http://127.0.0.1:"
                    + port + "/" + account.name() + ";";
            // No retries: the test sees each 503 itself.
            return new TableClientBuilder().connectionString(connectionString).tableName("fulldisk")
                    .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1)))).buildClient();
        }
    }

    private static List<TableTransactionAction> largeInserts(int batch) {
        Random random = new Random(batch);
        List<TableTransactionAction> actions = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            StringBuilder text = new StringBuilder(PROPERTY_CHARS);
            for (int c = 0; c < PROPERTY_CHARS; c++) {
                text.append((char) ('a' + random.nextInt(26)));
            }
            actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                    new TableEntity("p", String.format("b%03d-%03d", batch, i)).addProperty("Text", text.toString())));
        }
        return actions;
    }

    private static HttpResponseException catchHttp(Runnable call) {
        try {
            call.run();
        } catch (HttpResponseException e) {
            return e;
        }
        throw new AssertionError("expected the call to be refused");
    }
}
