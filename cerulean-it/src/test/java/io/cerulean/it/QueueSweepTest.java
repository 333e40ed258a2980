package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The server sweeps expired messages out of queues no one reads: once their time to live has
 * passed, Get Queue Metadata's count drops without any Get Messages. The queue's clock is moved on
 * rather than waited for, and the sweep runs every 100 ms here rather than every 30 s.
 */
class QueueSweepTest {
    /** A clock the test moves. */
    private static final class MovableClock extends Clock {
        private final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());

        void advance(Duration by) {
            now.updateAndGet(t -> t.plus(by));
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    }

    @Test
    void expiredMessagesLeaveAQueueNoOneReads() throws InterruptedException {
        MovableClock clock = new MovableClock();
        try (var server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder.queueClock(clock)
                .queueSweepEvery(Duration.ofMillis(100)))) {
            QueueClient queue = new QueueClientBuilder().connectionString(server.connectionString())
                    .queueName("unread" + System.nanoTime() % 100_000).buildClient();
            queue.create();
            for (int i = 0; i < 5; i++) {
                queue.sendMessageWithResponse("brief" + i, null, Duration.ofSeconds(60), null, null);
            }
            queue.sendMessage("lasting");
            Thread.sleep(500); // sweeps run, and find nothing expired
            assertThat(queue.getProperties().getApproximateMessagesCount()).isEqualTo(6);
            clock.advance(Duration.ofSeconds(61));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (queue.getProperties().getApproximateMessagesCount() > 1 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(queue.getProperties().getApproximateMessagesCount()).isEqualTo(1);
            assertThat(queue.peekMessage().getMessageText()).isEqualTo("lasting");
        }
    }
}
