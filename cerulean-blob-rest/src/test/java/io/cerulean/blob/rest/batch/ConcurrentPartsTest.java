package io.cerulean.blob.rest.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A batch's parts run several at once, answered in their order, those of one blob one after the other. */
class ConcurrentPartsTest {
    private final ExecutorService helpers = ConcurrentParts.helperPool();

    @AfterEach
    void stop() {
        helpers.shutdownNow();
    }

    private static BatchPart part(int i, String blob) {
        return new BatchPart(String.valueOf(i), new AzureRequest("DELETE", "/a/c/" + blob, Map.of(),
                new DefaultHttpHeaders(), new byte[0], false, ""), BlobOperation.DELETE_BLOB, "c/" + blob);
    }

    private static List<BatchPart> parts(int count, Function<Integer, String> blob) {
        List<BatchPart> parts = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            parts.add(part(i, blob.apply(i)));
        }
        return parts;
    }

    /** The answer a part is given: its Content-ID as the status, to tell which answer is whose. */
    private static AzureResponse echo(BatchPart part) {
        return AzureResponse.status(200 + Integer.parseInt(part.contentId()));
    }

    private static List<Integer> statuses(List<AzureResponse> answers) {
        return answers.stream().map(answer -> answer == null ? -1 : answer.status()).toList();
    }

    @Test
    void eachAnswerIsAtItsPartsPlaceWhateverOrderTheyEndIn() {
        List<BatchPart> parts = parts(256, i -> "b" + i);

        List<AzureResponse> answers = new ConcurrentParts(helpers).answer(parts, ConcurrentPartsTest::echo);

        assertThat(statuses(answers)).containsExactlyElementsOf(parts.stream().map(p -> 200 + Integer.parseInt(
                p.contentId())).toList());
    }

    @Test
    void eightPartsOfDifferentBlobsRunAtOnce() {
        CyclicBarrier eight = new CyclicBarrier(ConcurrentParts.AT_ONCE);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();

        List<AzureResponse> answers = new ConcurrentParts(helpers).answer(parts(64, i -> "b" + i), part -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                // The first eight meet here: a batch run one part at a time would never get past it.
                if (Integer.parseInt(part.contentId()) < ConcurrentParts.AT_ONCE) {
                    eight.await(30, TimeUnit.SECONDS);
                }
                return echo(part);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                return AzureResponse.status(500);
            } finally {
                running.decrementAndGet();
            }
        });

        assertThat(statuses(answers)).doesNotContain(500, -1).hasSize(64);
        assertThat(most.get()).isEqualTo(ConcurrentParts.AT_ONCE);
    }

    @Test
    void partsOfOneBlobRunInTheBatchsOrder() {
        List<BatchPart> parts = parts(200, i -> "b" + i % 5);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());

        new ConcurrentParts(helpers).answer(parts, part -> {
            seen.add(part.blob() + " " + part.contentId());
            return echo(part);
        });

        for (int blob = 0; blob < 5; blob++) {
            String name = "c/b" + blob;
            List<Integer> order = seen.stream().filter(s -> s.startsWith(name + " "))
                    .map(s -> Integer.parseInt(s.substring(name.length() + 1))).toList();
            assertThat(order).as(name).hasSize(40).isSorted();
        }
    }

    @Test
    void aPartThatThrowsIsLeftUnansweredAndTheOthersAreAnswered() {
        List<AzureResponse> answers = new ConcurrentParts(helpers).answer(parts(20, i -> "b" + i), part -> {
            if (part.contentId().equals("7")) {
                throw new IllegalStateException("a defect");
            }
            return echo(part);
        });

        assertThat(statuses(answers)).hasSize(20).containsOnlyOnce(-1).element(7).isEqualTo(-1);
        assertThat(statuses(answers).get(19)).isEqualTo(219);
    }

    @Test
    void withNoHelperTheBatchsThreadAnswersEveryPart() {
        ConcurrentParts refused = new ConcurrentParts(task -> {
            throw new RejectedExecutionException("shut");
        });
        Thread caller = Thread.currentThread();
        List<Thread> threads = Collections.synchronizedList(new ArrayList<>());

        List<AzureResponse> answers = refused.answer(parts(30, i -> "b" + i), part -> {
            threads.add(Thread.currentThread());
            return echo(part);
        });

        assertThat(statuses(answers)).hasSize(30).doesNotContain(-1);
        assertThat(threads).containsOnly(caller);
    }
}
