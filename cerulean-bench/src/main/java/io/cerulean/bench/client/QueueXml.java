package io.cerulean.bench.client;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code QueueMessagesList} documents of Put Message, Get Messages and Peek Messages by
 * plain string search: the bench needs three elements of a few hundred bytes, not an XML parser.
 * Element names are matched exactly as the service writes them; the five predefined entities and
 * numeric character references are decoded.
 */
public final class QueueXml {
    /**
     * One {@code QueueMessage} of a list.
     *
     * @param messageId  its MessageId
     * @param popReceipt its PopReceipt, null when the list was peeked
     * @param text       its MessageText, null when the element is absent (Put Message answers without it)
     */
    public record Message(String messageId, String popReceipt, String text) {
    }

    private static final String MESSAGE_OPEN = "<QueueMessage>";
    private static final String MESSAGE_CLOSE = "</QueueMessage>";

    private QueueXml() {
    }

    /** The messages of a {@code QueueMessagesList}, in document order; empty for an empty list. */
    public static List<Message> messages(String xml) {
        List<Message> messages = new ArrayList<>(1);
        int from = 0;
        while (true) {
            int start = xml.indexOf(MESSAGE_OPEN, from);
            if (start < 0) {
                return messages;
            }
            int end = xml.indexOf(MESSAGE_CLOSE, start);
            if (end < 0) {
                throw new IllegalArgumentException("unterminated <QueueMessage> at " + start);
            }
            String element = xml.substring(start + MESSAGE_OPEN.length(), end);
            String id = text(element, "MessageId");
            if (id == null || id.isEmpty()) {
                throw new IllegalArgumentException("a <QueueMessage> without a MessageId");
            }
            messages.add(new Message(id, text(element, "PopReceipt"), text(element, "MessageText")));
            from = end + MESSAGE_CLOSE.length();
        }
    }

    /** The decoded text of the first {@code <name>} child, "" for {@code <name/>}, null when there is none. */
    static String text(String xml, String name) {
        String open = "<" + name + ">";
        int start = xml.indexOf(open);
        if (start < 0) {
            return xml.contains("<" + name + "/>") || xml.contains("<" + name + " />") ? "" : null;
        }
        start += open.length();
        int end = xml.indexOf("</" + name + ">", start);
        if (end < 0) {
            throw new IllegalArgumentException("unterminated <" + name + ">");
        }
        return unescape(xml.substring(start, end));
    }

    /** {@code &amp; &lt; &gt; &quot; &apos;} and {@code &#NN;} / {@code &#xNN;} decoded. */
    static String unescape(String s) {
        int amp = s.indexOf('&');
        if (amp < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (amp >= 0) {
            out.append(s, i, amp);
            int semi = s.indexOf(';', amp);
            if (semi < 0) {
                throw new IllegalArgumentException("unterminated entity in " + s);
            }
            String entity = s.substring(amp + 1, semi);
            switch (entity) {
                case "amp" -> out.append('&');
                case "lt" -> out.append('<');
                case "gt" -> out.append('>');
                case "quot" -> out.append('"');
                case "apos" -> out.append('\'');
                default -> {
                    if (entity.startsWith("#x") || entity.startsWith("#X")) {
                        out.appendCodePoint(Integer.parseInt(entity.substring(2), 16));
                    } else if (entity.startsWith("#")) {
                        out.appendCodePoint(Integer.parseInt(entity.substring(1)));
                    } else {
                        throw new IllegalArgumentException("unknown entity &" + entity + ";");
                    }
                }
            }
            i = semi + 1;
            amp = s.indexOf('&', i);
        }
        return out.append(s, i, s.length()).toString();
    }
}
