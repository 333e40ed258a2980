package io.cerulean.bench.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;

/**
 * Builds the signed requests of the Table REST API the bench uses, as the JavaScript and .NET
 * SDKs send them: Shared Key Lite over {@code x-ms-date}, {@code x-ms-version: 2019-02-02},
 * JSON without metadata. Thread-safe. Requests own their body buffers; sending releases them.
 */
public final class TableRequests {
    public static final String API_VERSION = "2019-02-02";
    public static final AsciiString NO_METADATA = AsciiString.cached("application/json;odata=nometadata");
    public static final AsciiString MINIMAL_METADATA = AsciiString.cached("application/json;odata=minimalmetadata");
    public static final AsciiString JSON = AsciiString.cached("application/json");

    private static final AsciiString X_MS_DATE = AsciiString.cached("x-ms-date");
    private static final AsciiString X_MS_VERSION = AsciiString.cached("x-ms-version");
    private static final AsciiString VERSION_VALUE = AsciiString.cached(API_VERSION);
    private static final AsciiString DATA_SERVICE_VERSION = AsciiString.cached("DataServiceVersion");
    private static final AsciiString MAX_DATA_SERVICE_VERSION = AsciiString.cached("MaxDataServiceVersion");
    private static final AsciiString DSV_VALUE = AsciiString.cached("3.0");
    private static final AsciiString MAX_DSV_VALUE = AsciiString.cached("3.0;NetFx");
    private static final AsciiString PREFER = AsciiString.cached("Prefer");
    private static final AsciiString RETURN_NO_CONTENT = AsciiString.cached("return-no-content");
    private static final HttpMethod MERGE = HttpMethod.valueOf("MERGE");
    // The bench writes only names and values it knows to be valid: checking them costs per request.
    private static final HttpHeadersFactory HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory TRAILERS = DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

    private final Endpoint endpoint;
    private final SharedKeyLite signer;
    private final AsciiString host;
    private final SignedPath tables;
    private final SignedPath batch;

    public TableRequests(Endpoint endpoint, SharedKeyLite signer) {
        this.endpoint = endpoint;
        this.signer = signer;
        this.host = new AsciiString(endpoint.hostHeader());
        this.tables = new SignedPath(endpoint.basePath() + "/Tables");
        this.batch = new SignedPath(endpoint.basePath() + "/$batch");
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** A table's requests, with the signature of its insert path cached per second. */
    public Table table(String name) {
        return new Table(name);
    }

    public FullHttpRequest createTable(String name) {
        FullHttpRequest request = build(HttpMethod.POST, tables.path, tables.authorization(),
                Unpooled.copiedBuffer("{\"TableName\":\"" + name + "\"}", StandardCharsets.UTF_8), JSON, NO_METADATA);
        request.headers().set(PREFER, RETURN_NO_CONTENT);
        return request;
    }

    public FullHttpRequest deleteTable(String name) {
        return build(HttpMethod.DELETE, endpoint.basePath() + "/Tables('" + name + "')", null, null, null, NO_METADATA);
    }

    /** Query Tables for one name at most: the cheapest signed request, used to check reachability and keys. */
    public FullHttpRequest probe() {
        return build(HttpMethod.GET, tables.path + "?$top=1", null, null, null, NO_METADATA);
    }

    /** An entity group transaction; the body is a complete multipart/mixed document with this boundary. */
    public FullHttpRequest batch(String boundary, ByteBuf body) {
        return build(HttpMethod.POST, batch.path, batch.authorization(), body,
                new AsciiString("multipart/mixed; boundary=" + boundary), NO_METADATA);
    }

    /** Builds a request; {@code authorization} is null when it must be computed for this path now. */
    private FullHttpRequest build(HttpMethod method, String rawPathAndQuery, String authorization, ByteBuf body,
                                  CharSequence contentType, CharSequence accept) {
        ByteBuf content = body == null ? Unpooled.EMPTY_BUFFER : body;
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, rawPathAndQuery, content,
                HEADERS, TRAILERS);
        String date = HttpDate.now();
        HttpHeaders h = request.headers();
        h.set(HttpHeaderNames.HOST, host);
        h.set(X_MS_DATE, date);
        h.set(X_MS_VERSION, VERSION_VALUE);
        h.set(HttpHeaderNames.ACCEPT, accept);
        h.set(DATA_SERVICE_VERSION, DSV_VALUE);
        h.set(MAX_DATA_SERVICE_VERSION, MAX_DSV_VALUE);
        h.set(HttpHeaderNames.AUTHORIZATION,
                authorization != null ? authorization : signer.authorization(date, rawPathAndQuery));
        if (contentType != null) {
            h.set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, content.readableBytes());
        return request;
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
        public FullHttpRequest insert(ByteBuf json) {
            FullHttpRequest request = build(HttpMethod.POST, insert.path, insert.authorization(), json, JSON,
                    NO_METADATA);
            request.headers().set(PREFER, RETURN_NO_CONTENT);
            return request;
        }

        public FullHttpRequest get(String partitionKey, String rowKey, CharSequence accept) {
            return build(HttpMethod.GET, entityPath(partitionKey, rowKey), null, null, null, accept);
        }

        /** Merge Entity with the MERGE verb the SDKs used longest; {@code ifMatch} an ETag or "*". */
        public FullHttpRequest merge(String partitionKey, String rowKey, ByteBuf json, String ifMatch) {
            FullHttpRequest request = build(MERGE, entityPath(partitionKey, rowKey), null, json, JSON, NO_METADATA);
            request.headers().set(HttpHeaderNames.IF_MATCH, ifMatch);
            return request;
        }

        /** Query Entities; {@code query} is an already encoded query string without '?', or "". */
        public FullHttpRequest query(String query) {
            String target = query.isEmpty() ? queryPrefix : queryPrefix + "?" + query;
            return build(HttpMethod.GET, target, null, null, null, NO_METADATA);
        }

        private String entityPath(String partitionKey, String rowKey) {
            return entityPrefix + Keys.encode(partitionKey) + "',RowKey='" + Keys.encode(rowKey) + "')";
        }
    }
}
