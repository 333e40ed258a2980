package io.cerulean.jmh;

import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.storage.database.Database;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import io.cerulean.table.rest.TableRest;
import io.cerulean.table.service.TableService;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server below HTTP: a {@link RequestPipeline} over a real store, and requests signed the way
 * clients sign them (Shared Key Lite), so that a benchmark measures what a request costs the
 * server once Netty has framed it: authentication, parsing, storage and the response body.
 */
final class ServerFixture implements AutoCloseable {
    private static final String DATE = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Database database;
    private long cpuNanos;
    private long requests;
    private final Path directory;
    final TableService service;
    final RequestPipeline<?, ?, ?> pipeline;

    ServerFixture(String storeKind) {
        this(storeKind, null);
    }

    /** @param scanHelper where the second half of a long scan may run (see ScanSplitter); null for nowhere */
    ServerFixture(String storeKind, Executor scanHelper) {
        try {
            directory = storeKind.startsWith("rocksdb") ? Files.createTempDirectory("cerulean-jmh-") : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // "rocksdb" as cerulean serve opens it, the only user of its directory, keeping what it reads;
        // "rocksdb-shared" as a server sharing its store with others, reading table state at every request.
        database = directory == null ? Database.open(new MemoryKeyValueStore(), true)
                : Database.open(RocksDbKeyValueStore.open(directory), !storeKind.equals("rocksdb-shared"));
        service = TableService.open(database, Clock.systemUTC(), Duration.ofSeconds(5), scanHelper);
        Accounts accounts = new Accounts(List.of(Account.development()));
        pipeline = TableRest.pipeline(service, database, accounts, OAuthTrust.NONE, Metrics.discarded(), Clock.systemUTC());
    }

    void createTable(String name) {
        service.createTable(Account.DEVELOPMENT_NAME, name);
    }

    /** Runs a request and returns its answer once the server gives it (after the commit is durable). */
    AzureResponse call(AzureRequest request) {
        return successful(request, submit(request).join());
    }

    /** Runs a request; the answer comes when the server gives it, a write's after its commit is durable. */
    CompletableFuture<AzureResponse> submit(AzureRequest request) {
        CompletableFuture<AzureResponse> answer = new CompletableFuture<>();
        long cpuBefore = THREADS.getCurrentThreadCpuTime();
        pipeline.handle(request, answer::complete);
        cpuNanos += THREADS.getCurrentThreadCpuTime() - cpuBefore;
        requests++;
        return answer.thenApply(response -> successful(request, response));
    }

    /**
     * Prints, and starts counting afresh, the CPU that requests took on the thread that ran them:
     * all of a read's work, and all of a write's but the store's background threads (flushes,
     * compactions, WAL syncs). It varies far less than the time per request on a machine whose
     * cores those threads, the JIT and the collector share.
     */
    void reportCpu() {
        System.out.printf("(request thread CPU %.1f us/op) ", cpuNanos / 1000.0 / Math.max(1, requests));
        cpuNanos = 0;
        requests = 0;
    }

    private static AzureResponse successful(AzureRequest request, AzureResponse response) {
        if (response.status() >= 300) {
            throw new IllegalStateException(request.method() + " " + request.rawPath() + ": " + response.status() + " "
                    + new String(response.body(), StandardCharsets.UTF_8));
        }
        return response;
    }

    /** A request signed with Shared Key Lite; {@code pathAndQuery} is as it would be on the wire. */
    static AzureRequest signed(String method, String pathAndQuery, String contentType, byte[] body) {
        int question = pathAndQuery.indexOf('?');
        String rawPath = question < 0 ? pathAndQuery : pathAndQuery.substring(0, question);
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("x-ms-date", DATE);
        headers.add("x-ms-version", "2019-02-02");
        headers.add("Accept", "application/json;odata=nometadata");
        headers.add("DataServiceVersion", "3.0");
        headers.add("Content-Type", contentType);
        headers.add("Authorization", "SharedKeyLite " + Account.DEVELOPMENT_NAME + ":"
                + sign(DATE + "\n/" + Account.DEVELOPMENT_NAME + rawPath));
        var query = new QueryStringDecoder(pathAndQuery, StandardCharsets.UTF_8, true, 1024, true).parameters();
        return new AzureRequest(method, rawPath, query, headers, body, false, "127.0.0.1");
    }

    private static String sign(String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(Account.DEVELOPMENT_KEY), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        service.close();
        database.close();
        if (directory != null) {
            try (Stream<Path> files = Files.walk(directory)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
