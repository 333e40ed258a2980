package io.cerulean.bench.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

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
    private final RequestHead heads;
    private final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;
    private final SignedPath tables;
    private final SignedPath batch;

    public TableRequests(Endpoint endpoint, SharedKeyLite signer) {
        this.endpoint = endpoint;
        this.signer = signer;
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
        return build("POST", tables.path, tables.authorization(), body, JSON, NO_METADATA, PREFER, RETURN_NO_CONTENT);
    }

    public Request deleteTable(String name) {
        return build("DELETE", endpoint.basePath() + "/Tables('" + name + "')", null, null, null, NO_METADATA);
    }

    /** Query Tables for one name at most: the cheapest signed request, used to check reachability and keys. */
    public Request probe() {
        return build("GET", tables.path + "?$top=1", null, null, null, NO_METADATA);
    }

    /** An entity group transaction; the body is a complete multipart/mixed document with this boundary. */
    public Request batch(String boundary, ByteBuf body) {
        return build("POST", batch.path, batch.authorization(), body, "multipart/mixed; boundary=" + boundary,
                NO_METADATA);
    }

    /** Builds a request; {@code authorization} is null when it must be computed for this path now. */
    private Request build(String method, String rawPathAndQuery, String authorization, ByteBuf body,
                          String contentType, String accept, String... extra) {
        String date = HttpDate.now();
        String auth = authorization != null ? authorization : signer.authorization(date, rawPathAndQuery);
        ByteBuf head = heads.write(alloc, method, rawPathAndQuery, date, auth, accept, contentType,
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

        String authorization() {
            String date = HttpDate.now();
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
            return build("POST", insert.path, insert.authorization(), json, JSON, NO_METADATA, PREFER,
                    RETURN_NO_CONTENT);
        }

        public Request get(String partitionKey, String rowKey, String accept) {
            return build("GET", entityPath(partitionKey, rowKey), null, null, null, accept);
        }

        /** Merge Entity with the MERGE verb the SDKs used longest; {@code ifMatch} an ETag or "*". */
        public Request merge(String partitionKey, String rowKey, ByteBuf json, String ifMatch) {
            return build("MERGE", entityPath(partitionKey, rowKey), null, json, JSON, NO_METADATA, "If-Match",
                    ifMatch);
        }

        /** Query Entities; {@code query} is an already encoded query string without '?', or "". */
        public Request query(String query) {
            String target = query.isEmpty() ? queryPrefix : queryPrefix + "?" + query;
            return build("GET", target, null, null, null, NO_METADATA);
        }

        private String entityPath(String partitionKey, String rowKey) {
            return entityPrefix + Keys.encode(partitionKey) + "',RowKey='" + Keys.encode(rowKey) + "')";
        }
    }
}
