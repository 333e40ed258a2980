package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class QueueXmlTest {
    @Test
    void aPutMessageAnswerHasAnIdAndAReceiptButNoText() {
        String xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?><QueueMessagesList><QueueMessage>"
                + "<MessageId>6a4ff7c5-5d1a-4fc5-9f6c-4d8d0b2f0f2e</MessageId>"
                + "<InsertionTime>Tue, 01 Feb 2022 20:52:39 GMT</InsertionTime>"
                + "<ExpirationTime>Tue, 08 Feb 2022 20:52:39 GMT</ExpirationTime>"
                + "<PopReceipt>AgAAAAMAAAAAAAAA+/h=</PopReceipt>"
                + "<TimeNextVisible>Tue, 01 Feb 2022 20:52:39 GMT</TimeNextVisible>"
                + "</QueueMessage></QueueMessagesList>";
        assertThat(QueueXml.messages(xml)).containsExactly(new QueueXml.Message(
                "6a4ff7c5-5d1a-4fc5-9f6c-4d8d0b2f0f2e", "AgAAAAMAAAAAAAAA+/h=", null));
    }

    @Test
    void aGetMessagesAnswerHasTheTextWithEntitiesDecoded() {
        String xml = "<QueueMessagesList>\n  <QueueMessage>\n    <MessageId>a</MessageId>\n"
                + "    <PopReceipt>r&amp;1</PopReceipt>\n    <DequeueCount>1</DequeueCount>\n"
                + "    <MessageText>&lt;b&gt; &quot;x&quot; &apos;y&apos; &#65;&#x42;</MessageText>\n"
                + "  </QueueMessage>\n  <QueueMessage><MessageId>b</MessageId><PopReceipt>r2</PopReceipt>"
                + "<MessageText/></QueueMessage>\n</QueueMessagesList>";
        assertThat(QueueXml.messages(xml)).containsExactly(new QueueXml.Message("a", "r&1", "<b> \"x\" 'y' AB"),
                new QueueXml.Message("b", "r2", ""));
    }

    @Test
    void anEmptyQueueAnswersAnEmptyList() {
        assertThat(QueueXml.messages("<?xml version=\"1.0\" encoding=\"utf-8\"?><QueueMessagesList />")).isEmpty();
        assertThat(QueueXml.messages("<QueueMessagesList></QueueMessagesList>")).isEmpty();
    }

    @Test
    void brokenDocumentsAreRefused() {
        assertThatThrownBy(() -> QueueXml.messages("<QueueMessagesList><QueueMessage><MessageId>a</MessageId>"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> QueueXml.messages("<QueueMessage><PopReceipt>r</PopReceipt></QueueMessage>"))
                .hasMessageContaining("MessageId");
        assertThatThrownBy(() -> QueueXml.unescape("a &bogus; b")).hasMessageContaining("bogus");
    }
}
