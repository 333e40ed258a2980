package io.cerulean.it.queue;

import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.azure.storage.queue.models.QueueMessageItem;
import com.azure.storage.queue.models.SendMessageResult;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What a message may hold: any text, stored opaque and returned exactly (XML markup and entities,
 * line feeds and carriage returns, spaces at either end, characters beyond the BMP) on every store; and the size limit,
 * 64 KiB of UTF-8, past which Put and Update Message answer 413.
 */
class MessageContentTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final int MAX_BYTES = 64 * 1024;
    private static final QueueServers SERVERS = new QueueServers();

    private static final List<String> TEXTS = List.of(
            "<QueueMessage><MessageText>inner</MessageText></QueueMessage>",
            "entities &amp; &lt; &#13; & < > \" ' and ]]> <![CDATA[x]]>",
            "line\nfeeds\n\n",
            "  spaces at both ends\t ",
            "emoji 😀🚀, accents ü é ß, CJK 中文, clef 𝄞, RTL שלום",
            "{\"json\": [1, 2.5, null], \"nested\": {\"k\": \"v\"}}",
            "x");

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void textsRoundTripExactly(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "text");
        for (String text : TEXTS) {
            queue.sendMessage(text);
        }

        List<String> peeked = queue.peekMessages(32, null, Context.NONE).stream()
                .map(PeekedMessageItem::getMessageText).toList();
        List<String> received = queue.receiveMessages(32).stream().map(QueueMessageItem::getMessageText).toList();

        assertThat(peeked).as("peeked").containsExactlyElementsOf(TEXTS);
        assertThat(received).as("received").containsExactlyElementsOf(TEXTS);
    }

    @ParameterizedTest
    @EachStore
    void anUpdatedTextRoundTripsExactly(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "updtext");
        SendMessageResult sent = queue.sendMessage("plain");
        String text = "<b>&nbsp;</b>\n😀 trailing ";

        queue.updateMessage(sent.getMessageId(), sent.getPopReceipt(), text, Duration.ZERO);

        assertThat(queue.receiveMessage().getMessageText()).isEqualTo(text);
    }

    /**
     * The SDK writes a carriage return into the XML as it is, where an XML parser's end-of-line
     * handling would turn it (and CR LF) into a line feed: the text must come back with its CRs.
     */
    @ParameterizedTest
    @EachStore
    void carriageReturnsRoundTripExactly(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "crlf");
        List<String> texts = List.of("CRLF\r\nCR alone\rLF alone\nend", "\r\n", "\r");
        texts.forEach(queue::sendMessage);
        SendMessageResult toUpdate = queue.sendMessage("to update");

        assertThat(queue.peekMessages(32, null, Context.NONE).stream().map(PeekedMessageItem::getMessageText))
                .as("peeked").containsExactly(texts.get(0), texts.get(1), texts.get(2), "to update");
        assertThat(queue.receiveMessages(3).stream().map(QueueMessageItem::getMessageText))
                .as("received").containsExactlyElementsOf(texts);
        queue.updateMessage(toUpdate.getMessageId(), toUpdate.getPopReceipt(), "updated\r\n", Duration.ZERO);
        assertThat(queue.receiveMessage().getMessageText()).as("updated").isEqualTo("updated\r\n");
    }

    @Test
    void sixtyFourKibibytesIsTheLargestMessage() {
        QueueClient queue = SERVERS.newQueue(ONE_STORE, "size");
        String largest = "a".repeat(MAX_BYTES);

        queue.sendMessage(largest);
        assertQueueError(() -> queue.sendMessage(largest + "a"), 413, "RequestBodyTooLarge");

        assertThat(queue.receiveMessage().getMessageText()).isEqualTo(largest);
        assertThat(queue.receiveMessage()).as("the refused message is not there").isNull();
    }

    @Test
    void theLimitCountsUtf8BytesNotCharacters() {
        QueueClient queue = SERVERS.newQueue(ONE_STORE, "bytes");
        String euros = "€".repeat(MAX_BYTES / 3);  // 21845 characters, 65535 bytes

        assertQueueError(() -> queue.sendMessage(euros + "€"), 413, "RequestBodyTooLarge");
        queue.sendMessage(euros);

        assertThat(queue.receiveMessage().getMessageText()).isEqualTo(euros);
    }

    @Test
    void anUpdateOver64KibibytesIsRefusedAndChangesNothing() {
        QueueClient queue = SERVERS.newQueue(ONE_STORE, "updsize");
        SendMessageResult sent = queue.sendMessage("small");

        assertQueueError(() -> queue.updateMessage(sent.getMessageId(), sent.getPopReceipt(), "b".repeat(MAX_BYTES + 1),
                Duration.ZERO), 413, "RequestBodyTooLarge");

        QueueMessageItem received = queue.receiveMessage();
        assertThat(received.getMessageText()).isEqualTo("small");
        assertThat(received.getDequeueCount()).isEqualTo(1);
    }
}
