package io.cerulean.bench.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Builds the signed requests of the Table REST API the bench uses, as the JavaScript and .NET
 * SDKs send them: Shared Key Lite over {@code x-ms-date}, {@code x-ms-version: 2019-02-02},
 * JSON without metadata. Thread-safe. A request owns its buffers until it is sent.
 */
public final class TableRequests {
    public static final String API_VERSION = "2019-02-02";
    public static final String NO_METADATA = "application/json;odata=nometadata";
    public static final String MINIMAL_METADATA = "application/json;odata=minimalmetadata";
    public static final String JSON = "application/json";

    private static final String PREFER = "Prefer";
    private static final String RETURN_NO_CONTENT = "return-no-content";

    private final Endpoint endpoint;
    private final SharedKeyLite signer;
    private final Supplier<String> dates;
    private final RequestHead heads;
    private final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;
    private final SignedPath tables;
    private final SignedPath batch;

    public TableRequests(Endpoint endpoint, SharedKeyLite signer) {
        this(endpoint, signer, HttpDate::now);
    }

    /** With {@code dates} giving each request's {@code x-ms-date} (tests: a clock that moves at every call). */
    TableRequests(Endpoint endpoint, SharedKeyLite signer, Supplier<String> dates) {
        this.endpoint = endpoint;
        this.signer = signer;
        this.dates = dates;
        this.heads = new RequestHead(endpoint.hostHeader(), API_VERSION);
        this.tables = new SignedPath(endpoint.basePath() + "/Tables");
        this.batch = new SignedPath(endpoint.basePath() + "/$batch");
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** The allocator for request bodies: pooled, direct. */
    public ByteBufAllocator alloc() {
        return alloc;
    }

    /** A table's requests, with the signature of its insert path cached per second. */
    public Table table(String name) {
        return new Table(name);
    }

    public Request createTable(String name) {
        ByteBuf body = Unpooled.copiedBuffer("{\"TableName\":\"" + name + "\"}", StandardCharsets.UTF_8);
        return build("POST", tables, body, JSON, NO_METADATA, PREFER, RETURN_NO_CONTENT);
    }

    public Request deleteTable(String name) {
        return build("DELETE", endpoint.basePath() + "/Tables('" + name + "')", null, null, NO_METADATA);
    }

    /** Query Tables for one name at most: the cheapest signed request, used to check reachability and keys. */
    public Request probe() {
        return build("GET", tables.path + "?$top=1", null, null, NO_METADATA);
    }

    /** An entity group transaction; the body is a complete multipart/mixed document with this boundary. */
    public Request batch(String boundary, ByteBuf body) {
        return build("POST", batch, body, "multipart/mixed; boundary=" + boundary, NO_METADATA);
    }

    /** Builds a request signed for its path now. */
    private Request build(String method, String rawPathAndQuery, ByteBuf body, String contentType, String accept,
                          String... extra) {
        String date = dates.get();
        return build(method, rawPathAndQuery, date, signer.authorization(date, rawPathAndQuery), body, contentType,
                accept, extra);
    }

    /** Builds a request to a path whose signature is reused within a second. */
    private Request build(String method, SignedPath path, ByteBuf body, String contentType, String accept,
                          String... extra) {
        // One date for the header and the signature: read twice, a second boundary between the reads
        // would sign one date and send another, and the server would answer 403.
        String date = dates.get();
        return build(method, path.path, date, path.authorization(date), body, contentType, accept, extra);
    }

    private Request build(String method, String rawPathAndQuery, String date, String authorization, ByteBuf body,
                          String contentType, String accept, String... extra) {
        ByteBuf head = heads.write(alloc, method, rawPathAndQuery, date, authorization, accept, contentType,
                body == null ? 0 : body.readableBytes(), extra);
        return new Request(head, body);
    }

    /**
     * A path whose signature is reused within a second: every insert into a table and every batch
     * signs the same string until {@code x-ms-date} moves on.
     */
    private final class SignedPath {
        private record Signed(String date, String authorization) {
        }

        final String path;
        private volatile Signed last = new Signed("", "");

        SignedPath(String path) {
            this.path = path;
        }

        String authorization(String date) {
            Signed signed = last;
            if (!signed.date.equals(date)) {
                signed = new Signed(date, signer.authorization(date, path));
                last = signed;
            }
            return signed.authorization;
        }
    }

    /** Requests on one table's entities. */
    public final class Table {
        private final String name;
        private final SignedPath insert;
        private final String entityPrefix;
        private final String queryPrefix;

        private Table(String name) {
            this.name = name;
            this.insert = new SignedPath(endpoint.basePath() + "/" + name);
            this.entityPrefix = endpoint.basePath() + "/" + name + "(PartitionKey='";
            this.queryPrefix = endpoint.basePath() + "/" + name + "()";
        }

        public String name() {
            return name;
        }

        /** The absolute URL that names this table inside a batch part. */
        public String url() {
            return endpoint.scheme() + "://" + endpoint.hostHeader() + insert.path;
        }

        /** Insert Entity without echo: 204 and an ETag. */
        public Request insert(ByteBuf json) {
            return build("POST", insert, json, JSON, NO_METADATA, PREFER, RETURN_NO_CONTENT);
        }

        public Request get(String partitionKey, String rowKey, String accept) {
            return build("GET", entityPath(partitionKey, rowKey), null, null, accept);
        }

        /** Merge Entity with the MERGE verb the SDKs used longest; {@code ifMatch} an ETag or "*". */
        public Request merge(String partitionKey, String rowKey, ByteBuf json, String ifMatch) {
            return build("MERGE", entityPath(partitionKey, rowKey), json, JSON, NO_METADATA, "If-Match", ifMatch);
        }

        /** Query Entities; {@code query} is an already encoded query string without '?', or "". */
        public Request query(String query) {
            String target = query.isEmpty() ? queryPrefix : queryPrefix + "?" + query;
            return build("GET", target, null, null, NO_METADATA);
        }

        private String entityPath(String partitionKey, String rowKey) {
            return entityPrefix + Keys.encode(partitionKey) + "',RowKey='" + Keys.encode(rowKey) + "')";
        }
    }
}
