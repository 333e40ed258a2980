package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.BodySink;
import io.cerulean.http.message.IncompleteBodyException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * The body between the event loop and its sink: poured in order, bounded, a task only while bytes
 * wait (so no thread is held while the client sends nothing), and always an outcome.
 */
class StreamedBodyTest {
    private final EmbeddedChannel channel = new EmbeddedChannel();
    /** Tasks as a worker pool would get them, run when the test says: nothing runs behind its back. */
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    private final Executor workers = tasks::add;
    private final Sink sink = new Sink();
    private final CompletableFuture<Throwable> outcome = new CompletableFuture<>();

    @Test
    void theSinkGetsTheBytesInOrderAndThenTheEnd() {
        StreamedBody body = new StreamedBody(channel, 100, workers);
        body.pourInto(sink, outcome::complete);
        body.offer(bytes("hello, "));
        body.offer(bytes("world"));
        body.end();
        runTasks();

        assertThat(sink.text()).isEqualTo("hello, world");
        assertThat(outcome).isCompletedWithValue(null);
    }

    @Test
    void aBodyStoppedWhileTheClientSendsNothingEndsWithTheReasonAndTakesNoMore() {
        StreamedBody body = new StreamedBody(channel, 100, workers);
        body.pourInto(sink, outcome::complete);
        body.offer(bytes("partial"));
        runTasks();
        ServiceException timedOut = io.cerulean.http.message.Deadline.timedOut();

        body.stop(timedOut);
        runTasks();
        assertThat(outcome).isCompletedWithValue(timedOut);

        body.offer(bytes(" late"));
        body.end();
        runTasks();
        assertThat(sink.text()).isEqualTo("partial");
    }

    @Test
    void whatArrivedBeforeTheSinkWasChosenIsPouredToo() {
        StreamedBody body = new StreamedBody(channel, 100, workers);
        body.offer(bytes("early "));
        body.end();
        assertThat(tasks).as("no sink, nothing to do").isEmpty();

        body.pourInto(sink, outcome::complete);
        runTasks();

        assertThat(sink.text()).isEqualTo("early ");
        assertThat(outcome).isCompletedWithValue(null);
    }

    @Test
    void whileTheClientSendsNothingNoTaskWaitsForIt() {
        StreamedBody body = new StreamedBody(channel, 100, workers);
        body.pourInto(sink, outcome::complete);
        body.offer(bytes("partial"));
        runTasks();

        assertThat(sink.text()).isEqualTo("partial");
        assertThat(tasks).as("nothing scheduled while the body stalls").isEmpty();
        assertThat(outcome).isNotDone();

        body.offer(bytes(" and the rest"));
        body.end();
        runTasks();
        assertThat(sink.text()).isEqualTo("partial and the rest");
        assertThat(outcome).isCompletedWithValue(null);
    }

    @Test
    void pastTheHighWaterTheConnectionStopsReadingUntilTheSinkDrainsIt() {
        StreamedBody body = new StreamedBody(channel, Long.MAX_VALUE, workers);
        body.pourInto(sink, outcome::complete);
        List<ByteBuf> offered = new ArrayList<>();
        for (int i = 0; i < StreamedBody.HIGH_WATER / 65536; i++) {
            ByteBuf chunk = Unpooled.wrappedBuffer(new byte[65536]);
            offered.add(chunk);
            body.offer(chunk);
        }
        assertThat(channel.config().isAutoRead()).as("paused at the high water").isFalse();

        runTasks();
        channel.runPendingTasks();
        assertThat(channel.config().isAutoRead()).as("reading again once drained").isTrue();
        assertThat(sink.bytes.size()).isEqualTo(StreamedBody.HIGH_WATER);
        assertThat(offered).allSatisfy(chunk -> assertThat(chunk.refCnt()).as("released").isZero());
    }

    @Test
    void aBodyOverItsLimitEndsWith413() {
        StreamedBody body = new StreamedBody(channel, 10, workers);
        body.pourInto(sink, outcome::complete);
        body.offer(bytes("0123456789"));
        body.offer(bytes("!"));
        runTasks();

        assertThat(outcome.join()).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode().code()).isEqualTo("RequestBodyTooLarge"));
    }

    @Test
    void aConnectionLostMidBodyEndsItWithWhy() {
        StreamedBody body = new StreamedBody(channel, 100, workers);
        body.pourInto(sink, outcome::complete);
        body.offer(bytes("partial"));
        runTasks();
        body.fail("the client closed the connection");
        runTasks();

        assertThat(outcome.join()).isInstanceOf(IncompleteBodyException.class)
                .hasMessageContaining("closed the connection");
    }

    @Test
    void aSinkThatRefusesAPieceEndsTheBodyAndTheRestIsDropped() {
        StreamedBody body = new StreamedBody(channel, 100, workers);
        IllegalStateException refused = new IllegalStateException("disk full");
        body.pourInto(new Sink() {
            @Override
            public void write(ByteBuffer piece) {
                throw refused;
            }
        }, outcome::complete);
        ByteBuf first = bytes("first");
        body.offer(first);
        runTasks();
        ByteBuf late = bytes("late");
        body.offer(late);

        assertThat(outcome.join()).isSameAs(refused);
        assertThat(first.refCnt()).isZero();
        assertThat(late.refCnt()).isZero();
    }

    @Test
    void whatArrivesAfterTheRequestWasAnsweredIsDropped() {
        StreamedBody body = new StreamedBody(channel, 100, workers);
        ByteBuf queued = bytes("queued");
        body.offer(queued);
        body.abandon();
        ByteBuf late = bytes("late");
        body.offer(late);

        assertThat(queued.refCnt()).isZero();
        assertThat(late.refCnt()).isZero();
    }

    private void runTasks() {
        while (!tasks.isEmpty()) {
            tasks.poll().run();
        }
    }

    private static ByteBuf bytes(String text) {
        return Unpooled.copiedBuffer(text.getBytes());
    }

    private static class Sink implements BodySink {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public void write(ByteBuffer piece) {
            byte[] copy = new byte[piece.remaining()];
            piece.get(copy);
            bytes.writeBytes(copy);
        }

        String text() {
            return bytes.toString();
        }

        @Override
        public void close() {
        }
    }
}
