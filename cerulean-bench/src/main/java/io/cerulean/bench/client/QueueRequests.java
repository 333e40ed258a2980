package io.cerulean.bench.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Builds the signed requests of the Queue REST API the bench uses: Shared Key Lite in the Blob and
 * Queue form over {@code x-ms-date}, {@code x-ms-version: 2019-02-02}, XML bodies. The endpoint is
 * the Queue service's ({@code http://127.0.0.1:10001/devstoreaccount1} for an emulator).
 * Thread-safe. A request owns its buffers until it is sent.
 */
public final class QueueRequests {
    public static final String API_VERSION = "2019-02-02";
    public static final String XML = "application/xml";

    private final Endpoint endpoint;
    private final SharedKeyLite signer;
    private final Supplier<String> dates;
    private final RequestHead heads;
    private final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;

    public QueueRequests(Endpoint endpoint, SharedKeyLite signer) {
        this(endpoint, signer, HttpDate::now);
    }

    /** With {@code dates} giving each request's {@code x-ms-date} (tests: a fixed clock). */
    QueueRequests(Endpoint endpoint, SharedKeyLite signer, Supplier<String> dates) {
        this.endpoint = endpoint;
        this.signer = signer;
        this.dates = dates;
        this.heads = RequestHead.plain(endpoint.hostHeader(), API_VERSION);
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** The allocator for request bodies: pooled, direct. */
    public ByteBufAllocator alloc() {
        return alloc;
    }

    /** List Queues for one name at most: the cheapest signed request, used to check reachability and keys. */
    public Request probe() {
        return build("GET", endpoint.basePath() + "/?comp=list&maxresults=1", null, null);
    }

    /** Create Queue: 201, or 204 when it exists with the same metadata. */
    public Request createQueue(String name) {
        return build("PUT", endpoint.basePath() + "/" + name, null, null);
    }

    /** Delete Queue: 204. */
    public Request deleteQueue(String name) {
        return build("DELETE", endpoint.basePath() + "/" + name, null, null);
    }

    /** A queue's requests. */
    public Queue queue(String name) {
        return new Queue(name);
    }

    private Request build(String method, String rawPathAndQuery, ByteBuf body, String contentType) {
        String date = dates.get();
        String authorization = signer.queueAuthorization(method, contentType, date, API_VERSION, rawPathAndQuery);
        ByteBuf head = heads.write(alloc, method, rawPathAndQuery, date, authorization, XML, contentType,
                body == null ? 0 : body.readableBytes());
        return new Request(head, body);
    }

    /** Requests on one queue's messages. */
    public final class Queue {
        private final String name;
        private final String messages;

        private Queue(String name) {
            this.name = name;
            this.messages = endpoint.basePath() + "/" + name + "/messages";
        }

        public String name() {
            return name;
        }

        /**
         * Put Message: 201 and a {@code QueueMessagesList} with the new message's id and pop receipt.
         *
         * @param text the message text, already XML-safe; it is sent as is
         */
        public Request put(String text) {
            ByteBuf body = alloc.buffer(text.length() + 64);
            body.writeCharSequence("<QueueMessage><MessageText>", StandardCharsets.US_ASCII);
            body.writeCharSequence(text, StandardCharsets.UTF_8);
            body.writeCharSequence("</MessageText></QueueMessage>", StandardCharsets.US_ASCII);
            return build("POST", messages, body, XML);
        }

        /** Get Messages: up to {@code count} messages, invisible to others for {@code visibilitySeconds}. */
        public Request get(int count, int visibilitySeconds) {
            return build("GET", messages + "?numofmessages=" + count + "&visibilitytimeout=" + visibilitySeconds,
                    null, null);
        }

        /** Peek Messages: up to {@code count} messages, left visible. */
        public Request peek(int count) {
            return build("GET", messages + "?peekonly=true&numofmessages=" + count, null, null);
        }

        /** Delete Message with the pop receipt the last Get Messages gave: 204. */
        public Request delete(String messageId, String popReceipt) {
            return build("DELETE", messages + "/" + encode(messageId) + "?popreceipt=" + encode(popReceipt),
                    null, null);
        }

        /** Get Queue Metadata: 200 with {@code x-ms-approximate-messages-count}. */
        public Request metadata() {
            return build("GET", endpoint.basePath() + "/" + name + "?comp=metadata", null, null);
        }
    }

    /** Percent-encoding for a path segment or query value: pop receipts may hold '+', '/' and '='. */
    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
