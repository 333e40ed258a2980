package io.cerulean.bench.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Builds the signed requests of the Blob REST API the bench uses: Shared Key (the Blob form the
 * SDKs send) over {@code x-ms-date}, {@code x-ms-version: 2021-08-06}. The endpoint is the Blob
 * service's ({@code http://127.0.0.1:10000/devstoreaccount1} for an emulator). Thread-safe. A
 * request owns its buffers until it is sent; bodies are the caller's, often a shared read-only
 * buffer's duplicate, so that uploading costs no copy.
 */
public final class BlobRequests {
    /** Late enough for 4,000 MiB blocks and a signed empty Content-Length. */
    public static final String API_VERSION = "2021-08-06";
    public static final String XML = "application/xml";

    private final Endpoint endpoint;
    private final SharedKey signer;
    private final Supplier<String> dates;
    private final RequestHead heads;
    private final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;

    public BlobRequests(Endpoint endpoint, SharedKey signer) {
        this(endpoint, signer, HttpDate::now);
    }

    /** With {@code dates} giving each request's {@code x-ms-date} (tests: a fixed clock). */
    BlobRequests(Endpoint endpoint, SharedKey signer, Supplier<String> dates) {
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

    /** List Containers for one name at most: the cheapest signed request, to check reachability and keys. */
    public Request probe() {
        return build("GET", endpoint.basePath() + "/?comp=list&maxresults=1", null, null, false);
    }

    /** Create Container: 201. */
    public Request createContainer(String name) {
        return build("PUT", endpoint.basePath() + "/" + name + "?restype=container", null, null, false);
    }

    /** Delete Container, with its blobs: 202. */
    public Request deleteContainer(String name) {
        return build("DELETE", endpoint.basePath() + "/" + name + "?restype=container", null, null, false);
    }

    /** A container's blob requests. */
    public Container container(String name) {
        return new Container(name);
    }

    private Request build(String method, String rawPathAndQuery, ByteBuf body, String contentType,
                          boolean discardBody, String... msHeaders) {
        String date = dates.get();
        int length = body == null ? 0 : body.readableBytes();
        Map<String, String> signed;
        if (msHeaders.length == 0) {
            signed = Map.of("x-ms-date", date, "x-ms-version", API_VERSION);
        } else {
            signed = new HashMap<>();
            signed.put("x-ms-date", date);
            signed.put("x-ms-version", API_VERSION);
            for (int i = 0; i + 1 < msHeaders.length; i += 2) {
                signed.put(msHeaders[i], msHeaders[i + 1]);
            }
        }
        String authorization = signer.authorization(method, length, contentType, signed, rawPathAndQuery);
        ByteBuf head = heads.write(alloc, method, rawPathAndQuery, date, authorization, XML, contentType, length,
                msHeaders);
        return new Request(head, body, discardBody);
    }

    /** Requests on the blobs of one container. Blob names are percent-encoded as a path. */
    public final class Container {
        private final String name;
        private final String path;

        private Container(String name) {
            this.name = name;
            this.path = endpoint.basePath() + "/" + name + "/";
        }

        public String name() {
            return name;
        }

        /** The allocator for request bodies. */
        public ByteBufAllocator alloc() {
            return alloc;
        }

        /** Put Blob of a block blob with this body (owned by the request): 201. */
        public Request putBlob(String blob, ByteBuf body) {
            return build("PUT", path + encodePath(blob), body, null, false, "x-ms-blob-type", "BlockBlob");
        }

        /** Put Blob of an empty block blob with these tags ({@code x-ms-tags}, a query string): 201. */
        public Request putTaggedBlob(String blob, String tags) {
            return build("PUT", path + encodePath(blob), null, null, false, "x-ms-blob-type", "BlockBlob",
                    "x-ms-tags", tags);
        }

        /** Delete Blob: 202. */
        public Request deleteBlob(String blob) {
            return build("DELETE", path + encodePath(blob), null, null, false);
        }

        /**
         * Find Blobs by Tags in this container: one page of the blobs whose tags match {@code where}
         * (a tag filter expression), from {@code marker} (null for the first page): 200.
         */
        public Request findBlobsByTags(String where, String marker) {
            return build("GET", path.substring(0, path.length() - 1) + "?restype=container&comp=blobs&where="
                    + encodeQuery(where) + (marker == null ? "" : "&marker=" + encodeQuery(marker)), null, null,
                    false);
        }

        /** List Blobs with {@code include=tags}: one page of up to 5,000 blobs from {@code marker} (null: first): 200. */
        public Request listBlobsWithTags(String marker) {
            return build("GET", path.substring(0, path.length() - 1) + "?restype=container&comp=list&include=tags"
                    + (marker == null ? "" : "&marker=" + encodeQuery(marker)), null, null, false);
        }

        /** List Blobs of one name at most: whether the container holds any blob: 200. */
        public Request listOne() {
            return build("GET", path.substring(0, path.length() - 1) + "?restype=container&comp=list&maxresults=1",
                    null, null, false);
        }

        /**
         * Blob Batch of a Delete Blob of each of these blobs (at most 256), posted to this container:
         * 202 with one {@code 202 Accepted} part per blob, in order.
         */
        public Request deleteBatch(List<String> blobs) {
            String date = dates.get();
            List<String> paths = blobs.stream().map(b -> path + encodePath(b)).toList();
            String boundary = "batch_" + UUID.randomUUID();
            byte[] bytes = BatchBody.deletes(boundary, paths, date, signer);
            ByteBuf body = alloc.buffer(bytes.length).writeBytes(bytes);
            return build("POST", path.substring(0, path.length() - 1) + "?restype=container&comp=batch", body,
                    "multipart/mixed; boundary=" + boundary, false);
        }

        /**
         * Put Block with {@code x-ms-content-crc64} (the body's CRC-64, Base64 of its 8 bytes, least
         * significant first), which the service checks against the bytes: 201.
         */
        public Request putBlock(String blob, String blockId, ByteBuf body, String crc64) {
            return build("PUT", path + encodePath(blob) + "?comp=block&blockid=" + encodeQuery(blockId), body,
                    null, false, "x-ms-content-crc64", crc64);
        }

        /** Put Block: stages the body (owned by the request) as block {@code blockId} (Base64): 201. */
        public Request putBlock(String blob, String blockId, ByteBuf body) {
            return build("PUT", path + encodePath(blob) + "?comp=block&blockid=" + encodeQuery(blockId), body,
                    null, false);
        }

        /** Put Block List committing these staged blocks, in order, each as {@code <Latest>}: 201. */
        public Request putBlockList(String blob, List<String> blockIds) {
            ByteBuf body = alloc.buffer(64 + blockIds.size() * 48);
            body.writeCharSequence("<?xml version=\"1.0\" encoding=\"utf-8\"?><BlockList>", StandardCharsets.US_ASCII);
            for (String id : blockIds) {
                body.writeCharSequence("<Latest>", StandardCharsets.US_ASCII);
                body.writeCharSequence(id, StandardCharsets.US_ASCII);
                body.writeCharSequence("</Latest>", StandardCharsets.US_ASCII);
            }
            body.writeCharSequence("</BlockList>", StandardCharsets.US_ASCII);
            return build("PUT", path + encodePath(blob) + "?comp=blocklist", body, XML, false);
        }

        /** Get Blob, whole, its body gathered: 200. For small blobs. */
        public Request getBlob(String blob) {
            return build("GET", path + encodePath(blob), null, null, false);
        }

        /** Get Blob, whole, its body counted and dropped as it arrives: 200 as a {@link DiscardedBodyResponse}. */
        public Request download(String blob) {
            return build("GET", path + encodePath(blob), null, null, true);
        }

        /** Get Blob of bytes {@code first..last} (inclusive), asked for with {@code x-ms-range}: 206. */
        public Request getRange(String blob, long first, long last) {
            return build("GET", path + encodePath(blob), null, null, false, "x-ms-range",
                    "bytes=" + first + "-" + last);
        }
    }

    /** Percent-encodes a blob name for the path: everything but unreserved characters and '/'. */
    static String encodePath(String name) {
        return encode(name, true);
    }

    /** Percent-encodes a query value: everything but unreserved characters. */
    static String encodeQuery(String value) {
        return encode(value, false);
    }

    private static String encode(String s, boolean keepSlash) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = null;
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xFF;
            boolean plain = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')
                    || b == '-' || b == '_' || b == '.' || b == '~' || (keepSlash && b == '/');
            if (plain) {
                if (out != null) {
                    out.append((char) b);
                }
            } else {
                if (out == null) {
                    out = new StringBuilder(s.length() + 16).append(new String(bytes, 0, i, StandardCharsets.UTF_8));
                }
                out.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
            }
        }
        return out == null ? s : out.toString();
    }
}
