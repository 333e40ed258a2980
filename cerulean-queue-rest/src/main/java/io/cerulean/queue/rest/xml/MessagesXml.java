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
import java.util.Map;

/**
 * The message bodies of the Queue service (contract 3.11 to 3.15). A request sends
 * <pre>
 * &lt;QueueMessage&gt;&lt;MessageText&gt;text&lt;/MessageText&gt;&lt;/QueueMessage&gt;
 * </pre>
 * and the text is kept exactly as it reads, whitespace included, never decoded further (clients
 * that base64 their messages get base64 back). A carriage return the client sent raw in the text
 * is kept too, as Azurite keeps it: XML parsing would turn it into a line feed, so it is read as
 * the reference {@code &#13;} it stands for (the Java SDK sends CR raw; answers write it as that
 * reference). Answers are a {@code <QueueMessagesList>} of
 * {@code <QueueMessage>} elements, each with what its operation returns: Put Message the id, times
 * and pop receipt; Get Messages all of it; Peek Messages no pop receipt and no next-visible time.
 * Times are RFC 1123, to the second.
 */
public final class MessagesXml {
    /** The most UTF-8 bytes of a message's text (64 KiB), as the service counts them: after XML unescaping. */
    public static final int MAX_TEXT_BYTES = 64 * 1024;
    private static final byte[] OPEN_TEXT = "<MessageText".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE_TEXT = "</MessageText".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CDATA = "<![CDATA[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CR_REFERENCE = "&#13;".getBytes(StandardCharsets.US_ASCII);

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
        XmlElement root = XmlDocuments.parse(withCarriageReturnsKept(body));
        if (!root.name().equals("QueueMessage")) {
            throw InvalidXml.document("The root element must be <QueueMessage>.");
        }
        XmlElement text = root.child("MessageText");
        if (!text.children().isEmpty()) {
            throw InvalidXml.document("<MessageText> holds text only.");
        }
        String value = text.text();
        if (value.length() > MAX_TEXT_BYTES / 3 && value.getBytes(StandardCharsets.UTF_8).length > MAX_TEXT_BYTES) {
            throw new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE, CommonError.REQUEST_BODY_TOO_LARGE.message(),
                    Map.of("MaxLimit", Integer.toString(MAX_TEXT_BYTES)));
        }
        return value;
    }

    /**
     * The body with each raw carriage return inside {@code <MessageText>}'s content written as
     * {@code &#13;}. Only there: a CR elsewhere (between elements) stays what XML makes of it. A CR
     * byte is never part of a longer UTF-8 sequence, so bytes can be replaced as they are; a body with
     * a CDATA section is left alone, since a reference means nothing inside one.
     */
    static byte[] withCarriageReturnsKept(byte[] body) {
        int open = indexOf(body, OPEN_TEXT, 0);
        if (open < 0 || indexOf(body, CDATA, 0) >= 0) {
            return body;
        }
        int from = indexOf(body, new byte[] {'>'}, open) + 1;
        int to = indexOf(body, CLOSE_TEXT, from);
        if (from == 0 || to < 0) {
            return body;
        }
        int carriageReturns = 0;
        for (int i = from; i < to; i++) {
            if (body[i] == '\r') {
                carriageReturns++;
            }
        }
        if (carriageReturns == 0) {
            return body;
        }
        byte[] kept = new byte[body.length + carriageReturns * (CR_REFERENCE.length - 1)];
        int out = 0;
        for (int i = 0; i < body.length; i++) {
            if (body[i] == '\r' && i >= from && i < to) {
                System.arraycopy(CR_REFERENCE, 0, kept, out, CR_REFERENCE.length);
                out += CR_REFERENCE.length;
            } else {
                kept[out++] = body[i];
            }
        }
        return kept;
    }

    private static int indexOf(byte[] bytes, byte[] wanted, int from) {
        outer:
        for (int i = Math.max(from, 0); i <= bytes.length - wanted.length; i++) {
            for (int j = 0; j < wanted.length; j++) {
                if (bytes[i + j] != wanted[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
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
