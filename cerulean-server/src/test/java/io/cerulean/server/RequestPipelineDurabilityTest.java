package io.cerulean.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.core.model.Entity;
import io.cerulean.core.service.TableService;
import io.cerulean.core.spi.CommitResult;
import io.cerulean.core.spi.EntityCursor;
import io.cerulean.core.spi.KeyRange;
import io.cerulean.core.spi.Mutation;
import io.cerulean.core.spi.StoredTable;
import io.cerulean.core.spi.TableStore;
import io.cerulean.core.time.HybridClock;
import io.cerulean.server.auth.Account;
import io.cerulean.server.auth.Accounts;
import io.cerulean.server.auth.BearerTokenAuthenticator;
import io.cerulean.server.auth.RequestAuthenticator;
import io.cerulean.server.auth.SasAuthenticator;
import io.cerulean.server.auth.SharedKeyAuthenticator;
import io.cerulean.server.auth.Signatures;
import io.cerulean.server.http.AzureRequest;
import io.cerulean.server.http.AzureResponse;
import io.cerulean.server.metrics.Metrics;
import io.cerulean.store.memory.MemoryTableStore;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A write is answered only once the store says it is durable, and never as a success when the
 * store says it cannot be; reads and refused writes are answered at once. The store here is the
 * in-memory one, with its durability signal held back by the test, which a real disk cannot be
 * made to do on demand.
 */
class RequestPipelineDurabilityTest {
    private static final String DATE = "Tue, 01 Feb 2022 20:52:39 GMT";
    private static final Instant NOW = ZonedDateTime.parse(DATE, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();

    private final HeldDurabilityStore store = new HeldDurabilityStore();
    private final TableService service =
            new TableService(store, HybridClock.system(HybridClock.volatileLease()), Duration.ofSeconds(5));
    private final RequestPipeline pipeline = pipeline(service);

    @Test
    void anInsertIsAnsweredOnlyOnceItIsDurable() {
        service.createTable(Account.DEVELOPMENT_NAME, "held");
        AtomicReference<AzureResponse> answer = new AtomicReference<>();

        pipeline.handle(insert("held", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Value\":1}"), answer::set);

        assertThat(answer.get()).as("answered before the write was durable").isNull();
        assertThat(store.pending).hasSize(1);
        store.pending.get(0).complete(null);
        assertThat(answer.get()).isNotNull();
        assertThat(answer.get().status()).isEqualTo(201);
    }

    @Test
    void aWriteThatCannotBeMadeDurableIsAnInternalErrorNotASuccess() {
        service.createTable(Account.DEVELOPMENT_NAME, "doomed");
        AtomicReference<AzureResponse> answer = new AtomicReference<>();

        pipeline.handle(insert("doomed", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"), answer::set);
        store.pending.get(0).completeExceptionally(new IllegalStateException("fsync failed"));

        assertThat(answer.get().status()).isEqualTo(500);
        assertThat(new String(answer.get().body(), StandardCharsets.UTF_8)).contains("InternalError");
    }

    @Test
    void readsAndRefusedWritesAreAnsweredAtOnce() {
        service.createTable(Account.DEVELOPMENT_NAME, "quick");
        AtomicReference<AzureResponse> insert = new AtomicReference<>();
        pipeline.handle(insert("quick", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"), insert::set);
        store.pending.get(0).complete(null);
        store.pending.clear();

        AtomicReference<AzureResponse> again = new AtomicReference<>();
        pipeline.handle(insert("quick", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"), again::set);
        AtomicReference<AzureResponse> read = new AtomicReference<>();
        pipeline.handle(signed("GET", "/devstoreaccount1/quick(PartitionKey='p',RowKey='r')", new byte[0]), read::set);

        assertThat(again.get().status()).isEqualTo(409);
        assertThat(read.get().status()).isEqualTo(200);
        assertThat(store.pending).as("nothing waited for durability").isEmpty();
    }

    private static RequestPipeline pipeline(TableService service) {
        Accounts accounts = new Accounts(List.of(Account.development()));
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        RequestAuthenticator authenticator = new RequestAuthenticator(new SharedKeyAuthenticator(accounts, clock),
                new SasAuthenticator(accounts, (account, table) -> Optional.empty(), clock),
                new BearerTokenAuthenticator(accounts, clock));
        return new RequestPipeline(service, authenticator, Metrics.discarded());
    }

    private static AzureRequest insert(String table, String json) {
        return signed("POST", "/devstoreaccount1/" + table, json.getBytes(StandardCharsets.UTF_8));
    }

    /** A request signed with Shared Key Lite: the date, then the canonicalized resource. */
    private static AzureRequest signed(String method, String rawPath, byte[] body) {
        String resource = "/" + Account.DEVELOPMENT_NAME + rawPath;
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("x-ms-date", DATE);
        headers.add("Accept", "application/json;odata=nometadata");
        headers.add("Content-Type", "application/json");
        headers.add("Authorization", "SharedKeyLite " + Account.DEVELOPMENT_NAME + ":"
                + Signatures.sign(Account.DEVELOPMENT_KEY, DATE + "\n" + resource));
        return new AzureRequest(method, rawPath, Map.of(), headers, body, false, "127.0.0.1");
    }

    /** The in-memory store, but durable only when the test says so. */
    private static final class HeldDurabilityStore implements TableStore {
        private final MemoryTableStore memory = new MemoryTableStore();
        final List<CompletableFuture<Void>> pending = new ArrayList<>();

        @Override
        public CompletableFuture<Void> whenDurable() {
            CompletableFuture<Void> durable = new CompletableFuture<>();
            pending.add(durable);
            return durable;
        }

        @Override
        public Optional<StoredTable> table(String account, String name) {
            return memory.table(account, name);
        }

        @Override
        public Optional<StoredTable> createTable(String account, String name) {
            return memory.createTable(account, name);
        }

        @Override
        public boolean deleteTable(String account, String name) {
            return memory.deleteTable(account, name);
        }

        @Override
        public List<StoredTable> listTables(String account, String fromKey, int limit) {
            return memory.listTables(account, fromKey, limit);
        }

        @Override
        public Optional<Entity> get(StoredTable table, String partitionKey, String rowKey) {
            return memory.get(table, partitionKey, rowKey);
        }

        @Override
        public EntityCursor scan(StoredTable table, KeyRange range) {
            return memory.scan(table, range);
        }

        @Override
        public CommitResult commit(StoredTable table, String partitionKey, List<Mutation> mutations) {
            return memory.commit(table, partitionKey, mutations);
        }

        @Override
        public Optional<byte[]> setting(String name) {
            return memory.setting(name);
        }

        @Override
        public void putSetting(String name, byte[] value) {
            memory.putSetting(name, value);
        }

        @Override
        public void close() {
            memory.close();
        }
    }
}
