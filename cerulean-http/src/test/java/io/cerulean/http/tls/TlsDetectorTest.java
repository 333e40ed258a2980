package io.cerulean.http.tls;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import org.junit.jupiter.api.Test;

/** One port, two protocols: the first bytes decide, and none of them is lost. */
class TlsDetectorTest {
    private static final SslContext SERVER = ServerTlsContext.of(SelfSignedCertificate.generate(Instant.now()));

    /** Stands in for the HTTP handlers: remembers how it was added and what it read. */
    private static final class Recorder extends ChannelInboundHandlerAdapter {
        final List<Boolean> secure = new ArrayList<>();
        final StringBuilder read = new StringBuilder();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            read.append(buf.toString(StandardCharsets.ISO_8859_1));
            buf.release();
        }
    }

    private final Recorder recorder = new Recorder();
    private final EmbeddedChannel channel = new EmbeddedChannel(new TlsDetector(SERVER, (pipeline, secure) -> {
        recorder.secure.add(secure);
        pipeline.addLast(recorder);
    }));

    @Test
    void plainHttpStaysPlainAndArrivesWhole() {
        channel.writeInbound(ascii("GET /devstoreaccount1/Tables HTTP/1.1\r\n"));
        channel.writeInbound(ascii("Host: x\r\n\r\n"));

        assertThat(recorder.secure).containsExactly(false);
        assertThat(channel.pipeline().get(SslHandler.class)).isNull();
        assertThat(channel.pipeline().get(TlsDetector.class)).as("gone once it decided").isNull();
        assertThat(recorder.read.toString()).isEqualTo("GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: x\r\n\r\n");
    }

    @Test
    void waitsForFiveBytesBeforeDeciding() {
        channel.writeInbound(ascii("GET"));

        assertThat(recorder.secure).isEmpty();
        assertThat(channel.pipeline().get(TlsDetector.class)).isNotNull();

        channel.writeInbound(ascii(" / HTTP/1.1\r\n"));

        assertThat(recorder.secure).containsExactly(false);
        assertThat(recorder.read.toString()).isEqualTo("GET / HTTP/1.1\r\n");
    }

    @Test
    void aClientHelloGetsTlsInFrontOfHttp() throws Exception {
        channel.writeInbound(Unpooled.wrappedBuffer(clientHello()));

        assertThat(recorder.secure).containsExactly(true);
        List<String> names = channel.pipeline().names();
        assertThat(channel.pipeline().get(SslHandler.class)).isNotNull();
        assertThat(names.indexOf("tls")).isLessThan(names.indexOf(names.stream()
                .filter(n -> channel.pipeline().get(n) == recorder).findFirst().orElseThrow()));
        assertThat(recorder.read.toString()).as("no handshake bytes reach HTTP").isEmpty();
        ByteBuf serverHello = channel.readOutbound();
        assertThat(serverHello).as("the server answered the handshake").isNotNull();
        assertThat(serverHello.getByte(0)).as("a TLS handshake record").isEqualTo((byte) 22);
        serverHello.release();
    }

    @Test
    void aConnectionThatFailsBeforeItSpeaksIsClosedQuietly() {
        channel.pipeline().fireExceptionCaught(new java.io.IOException("Connection reset by peer"));

        channel.checkException(); // nothing reached the end of the pipeline to be logged
        assertThat(channel.isOpen()).isFalse();
        assertThat(recorder.secure).isEmpty();
    }

    private static byte[] clientHello() throws Exception {
        SSLEngine client = SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE).build()
                .newEngine(io.netty.buffer.ByteBufAllocator.DEFAULT);
        client.beginHandshake();
        ByteBuffer out = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
        SSLEngineResult result = client.wrap(ByteBuffer.allocate(0), out);
        assertThat(result.bytesProduced()).isPositive();
        out.flip();
        byte[] bytes = new byte[out.remaining()];
        out.get(bytes);
        return bytes;
    }

    private static ByteBuf ascii(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
    }
}
