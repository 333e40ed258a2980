package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodySinkTest {
    private final BodySink sink = new BodySink();
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseDecoder(4096, 16 * 1024, 16 * 1024,
            false), sink, new HttpObjectAggregator(1024));

    private static ByteBuf ascii(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
    }

    private FullHttpResponse read() {
        FullHttpResponse response = channel.readInbound();
        assertThat(response).isNotNull();
        return response;
    }

    @Test
    void aDiscardedBodyIsCountedChunkByChunkAndNeverGathered() {
        sink.expect(true);
        channel.writeInbound(ascii("HTTP/1.1 200 OK\r\nContent-Length: 50000\r\nx-ms-blob-type: BlockBlob\r\n\r\n"));
        for (int i = 0; i < 10; i++) {
            ByteBuf part = Unpooled.buffer(5000).writeZero(5000);
            channel.writeInbound(part);
            assertThat(part.refCnt()).as("chunk %d released", i).isZero();
        }
        FullHttpResponse response = read();
        assertThat(response).isInstanceOf(DiscardedBodyResponse.class);
        assertThat(((DiscardedBodyResponse) response).bodyBytes()).isEqualTo(50_000);
        assertThat(response.status().code()).isEqualTo(200);
        assertThat(response.headers().get("x-ms-blob-type")).isEqualTo("BlockBlob");
        assertThat(response.content().readableBytes()).isZero();
        response.release();
    }

    @Test
    void anErrorIsGatheredSoThatItsBodyCanBeShown() {
        sink.expect(true);
        channel.writeInbound(ascii("HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\n\r\nerror"));
        FullHttpResponse response = read();
        assertThat(response).isNotInstanceOf(DiscardedBodyResponse.class);
        assertThat(response.content().toString(StandardCharsets.US_ASCII)).isEqualTo("error");
        response.release();
    }

    @Test
    void otherRequestsAnswersAreGatheredAsUsual() {
        sink.expect(true);
        channel.writeInbound(ascii("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc"));
        read().release();
        sink.expect(false);
        channel.writeInbound(ascii("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nxyz"));
        FullHttpResponse response = read();
        assertThat(response).isNotInstanceOf(DiscardedBodyResponse.class);
        assertThat(response.content().toString(StandardCharsets.US_ASCII)).isEqualTo("xyz");
        response.release();
    }

    @Test
    void aChunkedBodyIsCountedToo() {
        sink.expect(true);
        channel.writeInbound(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n"));
        FullHttpResponse response = read();
        assertThat(((DiscardedBodyResponse) response).bodyBytes()).isEqualTo(7);
        response.release();
    }
}
