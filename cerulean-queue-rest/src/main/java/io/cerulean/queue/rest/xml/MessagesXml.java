package io.cerulean.queue.rest.xml;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.HttpDates;
import io.cerulean.http.xml.InvalidXml;
import io.cerulean.http.xml.XmlDocuments;
import io.cerulean.http.xml.XmlElement;
import io.cerulean.http.xml.XmlWriter;
import io.cerulean.queue.model.QueueMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The message bodies of the Queue service (contract 3.11 to 3.15). A request sends
 * <pre>
 * &lt;QueueMessage&gt;&lt;MessageText&gt;text&lt;/MessageText&gt;&lt;/QueueMessage&gt;
 * </pre>
 * and the text is kept exactly as it reads, whitespace included, never decoded further (clients
 * that base64 their messages get base64 back). Answers are a {@code <QueueMessagesList>} of
 * {@code <QueueMessage>} elements, each with what its operation returns: Put Message the id, times
 * and pop receipt; Get Messages all of it; Peek Messages no pop receipt and no next-visible time.
 * Times are RFC 1123, to the second.
 */
public final class MessagesXml {
    /** The most UTF-8 bytes of a message's text (64 KiB), as the service counts them: after XML unescaping. */
    public static final int MAX_TEXT_BYTES = 64 * 1024;

    /** What an answer holds of each message. */
    public enum Shape {
        PUT, GET, PEEK
    }

    private MessagesXml() {
    }

    /**
     * The text of a Put or Update Message body.
     *
     * @throws ServiceException 400 InvalidXmlDocument when it is not a {@code QueueMessage} with a
     *         {@code MessageText}; 413 RequestBodyTooLarge when the text is over {@link #MAX_TEXT_BYTES}
     */
    public static String readText(byte[] body) {
        XmlElement root = XmlDocuments.parse(body);
        if (!root.name().equals("QueueMessage")) {
            throw InvalidXml.document("The root element must be <QueueMessage>.");
        }
        XmlElement text = root.child("MessageText");
        if (!text.children().isEmpty()) {
            throw InvalidXml.document("<MessageText> holds text only.");
        }
        String value = text.text();
        if (value.length() > MAX_TEXT_BYTES / 3 && value.getBytes(StandardCharsets.UTF_8).length > MAX_TEXT_BYTES) {
            throw new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE, CommonError.REQUEST_BODY_TOO_LARGE.message()
                    + " A message's text may hold at most " + MAX_TEXT_BYTES + " bytes of UTF-8.");
        }
        return value;
    }

    public static byte[] write(List<QueueMessage> messages, Shape shape) {
        XmlWriter xml = new XmlWriter();
        if (messages.isEmpty()) {
            return xml.empty("QueueMessagesList").bytes();
        }
        xml.start("QueueMessagesList");
        for (QueueMessage message : messages) {
            xml.start("QueueMessage")
                    .element("MessageId", message.messageId())
                    .element("InsertionTime", HttpDates.format(message.insertionTime()))
                    .element("ExpirationTime", HttpDates.format(message.expirationTime()));
            if (shape != Shape.PEEK) {
                xml.element("PopReceipt", message.popReceipt())
                        .element("TimeNextVisible", HttpDates.format(message.timeNextVisible()));
            }
            if (shape != Shape.PUT) {
                xml.element("DequeueCount", Long.toString(message.dequeueCount()))
                        .element("MessageText", message.text());
            }
            xml.end("QueueMessage");
        }
        return xml.end("QueueMessagesList").bytes();
    }
}
