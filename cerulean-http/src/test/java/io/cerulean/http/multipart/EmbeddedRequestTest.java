package io.cerulean.http.multipart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An application/http part read as the request it carries, and as a request alone would be read. */
class EmbeddedRequestTest {
    private static final AzureRequest CARRIER = carrier();

    private static AzureRequest carrier() {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("Host", "acct.blob.example:10000");
        return new AzureRequest("POST", "/", Map.of(), headers, new byte[0], true, "192.0.2.1");
    }

    private static EmbeddedRequest read(String partContent) {
        byte[] body = ("--b\r\n" + partContent + "\r\n--b--").getBytes(StandardCharsets.UTF_8);
        List<MimePart> parts = MultipartReader.read(body, 0, body.length, "b", 10);
        return EmbeddedRequest.read(parts.get(0));
    }

    @Test
    void theRequestLineHeadersAndBodyAreRead() {
        EmbeddedRequest request = read("Content-Type: application/http\r\nContent-ID: 3\r\n\r\n\r\n"
                + "delete /acct/c/b%2Fx?snapshot=s&sig=a%2Bb HTTP/1.1\r\nx-ms-date: d\r\nContent-Length: 2\r\n\r\nhi");

        assertThat(request.method()).isEqualTo("DELETE");
        assertThat(request.target()).isEqualTo("/acct/c/b%2Fx?snapshot=s&sig=a%2Bb");
        assertThat(request.headers().first("x-ms-date")).isEqualTo("d");
        assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo("hi");

        AzureRequest alone = request.toAzureRequest(CARRIER);
        assertThat(alone.rawPath()).isEqualTo("/acct/c/b%2Fx");
        assertThat(alone.queryParameter("sig")).isEqualTo("a+b");
        assertThat(alone.queryParameter("snapshot")).isEqualTo("s");
        assertThat(alone.header("Host")).isEqualTo("acct.blob.example:10000");
        assertThat(alone.secure()).isTrue();
        assertThat(alone.clientAddress()).isEqualTo("192.0.2.1");
    }

    @Test
    void anAbsoluteTargetIsReadAsItsPathAndItsOwnHostIsKept() {
        AzureRequest alone = read("Content-Type: application/http\r\n\r\n"
                + "PUT http://other:1/acct/c/b?comp=tier\r\nHost: other:1\r\n").toAzureRequest(CARRIER);

        assertThat(alone.rawPath()).isEqualTo("/acct/c/b");
        assertThat(alone.queryParameter("comp")).isEqualTo("tier");
        assertThat(alone.header("Host")).isEqualTo("other:1");
    }

    @Test
    void whatIsNotAnHttpRequestIsInvalidInput() {
        for (String content : List.of("Content-Type: text/plain\r\n\r\nDELETE /a/c/b HTTP/1.1",
                "Content-Type: application/http\r\n\r\n\r\n", "Content-Type: application/http\r\n\r\nDELETE",
                "Content-Type: application/http\r\n\r\nDELETE /a/c/b FTP/1", "\r\nDELETE /a/c/b HTTP/1.1 extra")) {
            ServiceException e = catchThrowableOfType(ServiceException.class, () -> read(content));
            assertThat(e).as(content).isNotNull();
            assertThat(e.errorCode().code()).isEqualTo("InvalidInput");
        }
    }

    @Test
    void aMalformedTargetIsRefusedAsARequestAloneWouldBe() {
        EmbeddedRequest request = read("\r\nDELETE /a/c/b%zz HTTP/1.1");

        ServiceException e = catchThrowableOfType(ServiceException.class, () -> request.toAzureRequest(CARRIER));

        assertThat(e.errorCode().code()).isEqualTo("InvalidUri");
    }
}
