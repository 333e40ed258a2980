package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.IncompleteBodyException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The body between the event loop and a worker: bounded, in order, and never a reader left hanging. */
class StreamedBodyTest {
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @Test
    void theReaderGetsTheBytesInOrderAndThenTheEnd() throws IOException {
        StreamedBody body = new StreamedBody(channel, 100, Duration.ofSeconds(5));
        body.offer(bytes("hello, "));
        body.offer(bytes("world"));
        body.end();

        assertThat(new String(body.readAllBytes())).isEqualTo("hello, world");
        assertThat(body.read()).isEqualTo(-1);
    }

    @Test
    void pastTheHighWaterTheConnectionStopsReadingUntilTheReaderDrainsIt() throws IOException {
        StreamedBody body = new StreamedBody(channel, Long.MAX_VALUE, Duration.ofSeconds(5));
        List<ByteBuf> offered = new ArrayList<>();
        for (int i = 0; i < StreamedBody.HIGH_WATER / 65536; i++) {
            ByteBuf chunk = Unpooled.wrappedBuffer(new byte[65536]);
            offered.add(chunk);
            body.offer(chunk);
        }
        assertThat(channel.config().isAutoRead()).as("paused at the high water").isFalse();

        byte[] into = new byte[65536];
        while (body.available() > StreamedBody.LOW_WATER) {
            body.read(into, 0, into.length);
        }
        channel.runPendingTasks();
        assertThat(channel.config().isAutoRead()).as("reading again at the low water").isTrue();

        body.abandon();
        assertThat(offered).allSatisfy(chunk -> assertThat(chunk.refCnt()).as("released").isZero());
    }

    @Test
    void aBodyOverItsLimitFailsItsReaderWith413() {
        StreamedBody body = new StreamedBody(channel, 10, Duration.ofSeconds(5));
        body.offer(bytes("0123456789"));
        body.offer(bytes("!"));

        assertThatThrownBy(body::readAllBytes).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode().code()).isEqualTo("RequestBodyTooLarge"));
    }

    @Test
    void aClientThatSendsNothingFailsTheReadAfterTheIdleTimeout() {
        StreamedBody body = new StreamedBody(channel, 100, Duration.ofMillis(200));
        body.offer(bytes("partial"));

        assertThatThrownBy(body::readAllBytes).isInstanceOf(IncompleteBodyException.class)
                .hasMessageContaining("no body bytes");
    }

    @Test
    void aConnectionLostMidBodyFailsAWaitingReader() throws Exception {
        StreamedBody body = new StreamedBody(channel, 100, Duration.ofSeconds(30));
        var failure = new java.util.concurrent.CompletableFuture<Throwable>();
        Thread reader = new Thread(() -> {
            try {
                body.readAllBytes();
                failure.complete(null);
            } catch (Throwable t) {
                failure.complete(t);
            }
        });
        reader.start();
        Thread.sleep(100);
        body.fail("the client closed the connection");

        assertThat(failure.get(5, java.util.concurrent.TimeUnit.SECONDS)).isInstanceOf(IncompleteBodyException.class)
                .hasMessageContaining("closed the connection");
    }

    @Test
    void whatArrivesAfterTheRequestWasAnsweredIsDropped() {
        StreamedBody body = new StreamedBody(channel, 100, Duration.ofSeconds(5));
        ByteBuf queued = bytes("queued");
        body.offer(queued);
        body.abandon();
        ByteBuf late = bytes("late");
        body.offer(late);

        assertThat(queued.refCnt()).isZero();
        assertThat(late.refCnt()).isZero();
        assertThatThrownBy(body::read).isInstanceOf(IOException.class);
    }

    private static ByteBuf bytes(String text) {
        return Unpooled.copiedBuffer(text.getBytes());
    }
}
