package io.cerulean.it.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Entity group transactions under contention: 16 threads move amounts between random accounts of
 * one partition, each transfer a transaction of two ETag-conditioned merges, retried when a
 * concurrent transfer won. Whatever interleaving happens, money is conserved and each entity's
 * applied-counter adds up to exactly the transfers the server acknowledged: no lost update, no
 * half-applied transfer.
 */
class TransferConcurrencyTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final int THREADS = 16;
    private static final int ACCOUNTS = 8;
    private static final long INITIAL_BALANCE = 1_000;
    private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final int MAX_TRANSFERS_PER_THREAD = 200;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static String account(int i) {
        return "acct" + i;
    }

    private static TableEntity debited(TableEntity entity, long amount) {
        return entity.addProperty("Balance", (Long) entity.getProperty("Balance") + amount)
                .addProperty("Applied", (Integer) entity.getProperty("Applied") + 1);
    }

    @ParameterizedTest
    @EachStore
    void transfersConserveTheTotalAndEveryAcknowledgedTransferIsAppliedOnce(ServerFixture fixture) throws Exception {
        TableClient table = SERVERS.newTable(fixture, "Transfers");
        for (int i = 0; i < ACCOUNTS; i++) {
            table.createEntity(new TableEntity("bank", account(i)).addProperty("Balance", INITIAL_BALANCE)
                    .addProperty("Applied", 0));
        }
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong conflicts = new AtomicLong();
        long deadline = System.nanoTime() + RUN_NANOS;
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            workers.add(pool.submit(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int n = 0; n < MAX_TRANSFERS_PER_THREAD && System.nanoTime() < deadline; n++) {
                    int from = random.nextInt(ACCOUNTS);
                    int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                    long amount = 1 + random.nextInt(50);
                    while (true) {
                        TableEntity source = table.getEntity("bank", account(from));
                        TableEntity target = table.getEntity("bank", account(to));
                        try {
                            table.submitTransaction(List.of(
                                    new TableTransactionAction(TableTransactionActionType.UPDATE_MERGE,
                                            debited(source, -amount), true),
                                    new TableTransactionAction(TableTransactionActionType.UPDATE_MERGE,
                                            debited(target, amount), true)));
                            acknowledged.incrementAndGet();
                            break;
                        } catch (TableTransactionFailedException e) {
                            assertThat(e.getValue().getErrorCode().toString()).as(e.getMessage())
                                    .isEqualTo("UpdateConditionNotSatisfied");
                            conflicts.incrementAndGet();
                            if (System.nanoTime() - deadline > 0) {
                                return;
                            }
                        }
                    }
                }
            }));
        }
        for (Future<?> worker : workers) {
            worker.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();

        long total = 0;
        long applied = 0;
        for (TableEntity entity : table.listEntities()) {
            total += (Long) entity.getProperty("Balance");
            applied += (Integer) entity.getProperty("Applied");
        }
        assertThat(acknowledged.get()).as("some transfers went through").isPositive();
        assertThat(total).as("money is conserved").isEqualTo(ACCOUNTS * INITIAL_BALANCE);
        assertThat(applied).as("%d acknowledged transfers, %d conflicts retried", acknowledged.get(), conflicts.get())
                .isEqualTo(2 * acknowledged.get());
    }
}
