package io.cerulean.queue.rest.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MessagesXmlTest {
    @ParameterizedTest
    @ValueSource(strings = {"CRLF\r\nCR alone\rLF alone\nend", "\r", "\r\n", "  spaced  ", "<&>\"'", "ü ✓ 😀", ""})
    void theTextIsKeptExactlyCarriageReturnsIncluded(String text) {
        String escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        byte[] body = ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<QueueMessage>\r\n<MessageText>" + escaped
                + "</MessageText>\r\n</QueueMessage>").getBytes(StandardCharsets.UTF_8);
        assertThat(MessagesXml.readText(body)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"<Other><MessageText>x</MessageText></Other>", "<QueueMessage></QueueMessage>", "<QueueMessage>",
            "<QueueMessage><MessageText><b>x</b></MessageText></QueueMessage>"})
    void aBodyThatIsNotAQueueMessageIsInvalidXmlDocument(String body) {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> MessagesXml.readText(body.getBytes(StandardCharsets.UTF_8)));
        assertThat(refused.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
    }

    @ParameterizedTest
    @ValueSource(ints = {MessagesXml.MAX_TEXT_BYTES / 3 + 1, MessagesXml.MAX_TEXT_BYTES / 2})
    void theLimitCountsUtf8BytesOfTheUnescapedText(int threeByteCharacters) {
        String text = "✓".repeat(threeByteCharacters);
        ServiceException refused = catchThrowableOfType(ServiceException.class, () -> MessagesXml.readText(
                ("<QueueMessage><MessageText>" + text + "</MessageText></QueueMessage>").getBytes(StandardCharsets.UTF_8)));
        assertThat(refused.errorCode()).isEqualTo(CommonError.REQUEST_BODY_TOO_LARGE);
        assertThat(refused.details()).containsEntry("MaxLimit", "65536");
        String fits = "✓".repeat(MessagesXml.MAX_TEXT_BYTES / 3);
        assertThat(MessagesXml.readText(("<QueueMessage><MessageText>" + fits + "</MessageText></QueueMessage>")
                .getBytes(StandardCharsets.UTF_8))).isEqualTo(fits);
    }
}
