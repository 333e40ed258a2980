package io.cerulean.bench.workload;

import io.cerulean.bench.client.QueueRequests;
import io.cerulean.bench.client.QueueXml;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.netty.handler.codec.http.FullHttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** The operations of Q1 and Q2, and the text of the messages they put. */
final class QueueOps {
    /** Characters of a message's text. */
    static final int TEXT_CHARS = 100;
    /** How long a message taken by Q2 stays invisible to the other workers before it is deleted. */
    static final int VISIBILITY_SECONDS = 30;

    private static final byte[] MESSAGE_ID = Bytes.ascii("<MessageId>");
    private static final String FILLER = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
            .repeat(1 + TEXT_CHARS / 62);

    private QueueOps() {
    }

    /** Message {@code n}'s text: "qm-n-" and filler to {@link #TEXT_CHARS} characters, XML-safe. */
    static String text(long n) {
        String head = "qm-" + n + "-";
        return head + FILLER.substring(0, TEXT_CHARS - head.length());
    }

    /** The n a text of {@link #text} was made with, or -1 when it is not one of them. */
    static long number(String text) {
        if (text == null || !text.startsWith("qm-")) {
            return -1;
        }
        int dash = text.indexOf('-', 3);
        try {
            long n = dash < 0 ? -1 : Long.parseLong(text.substring(3, dash));
            return n >= 0 && text.equals(text(n)) ? n : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Put Message: 201 with the new message's id. */
    static final class Put implements Op {
        private final QueueRequests.Queue queue;
        private final long n;

        Put(QueueRequests.Queue queue, long n) {
            this.queue = queue;
            this.n = n;
        }

        @Override
        public Request request() {
            return queue.put(text(n));
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 201) {
                throw OpFailure.status("put message", response);
            }
            if (!Bytes.contains(response.content(), MESSAGE_ID)) {
                throw new OpFailure("put message: 201 without a MessageId");
            }
            return true;
        }
    }

    /**
     * Get Messages for one message, then Delete Message with its pop receipt: one operation, one
     * item when a message was taken and deleted, none when the queue was empty (then {@code dry} is set).
     */
    static final class Take implements Op {
        private final QueueRequests.Queue queue;
        private final AtomicBoolean dry;
        private String messageId;
        private String popReceipt;
        private long items;

        Take(QueueRequests.Queue queue, AtomicBoolean dry) {
            this.queue = queue;
            this.dry = dry;
        }

        @Override
        public Request request() {
            return messageId == null ? queue.get(1, VISIBILITY_SECONDS) : queue.delete(messageId, popReceipt);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            int status = response.status().code();
            if (messageId == null) {
                if (status != 200) {
                    throw OpFailure.status("get messages", response);
                }
                List<QueueXml.Message> messages;
                try {
                    messages = QueueXml.messages(response.content().toString(StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    throw new OpFailure("get messages: " + e.getMessage());
                }
                if (messages.isEmpty()) {
                    dry.set(true);
                    return true;
                }
                if (messages.size() != 1) {
                    throw new OpFailure("get messages: " + messages.size() + " messages for numofmessages=1");
                }
                QueueXml.Message m = messages.get(0);
                if (m.popReceipt() == null || m.popReceipt().isEmpty()) {
                    throw new OpFailure("get messages: message " + m.messageId() + " without a PopReceipt");
                }
                if (number(m.text()) < 0) {
                    throw new OpFailure("get messages: message " + m.messageId() + " has text the bench did not put");
                }
                messageId = m.messageId();
                popReceipt = m.popReceipt();
                return false;
            }
            if (status != 204) {
                throw OpFailure.status("delete message", response);
            }
            items = 1;
            return true;
        }

        @Override
        public long items() {
            return items;
        }
    }
}
