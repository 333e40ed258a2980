package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.content.ContentWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;

/**
 * Copy sources served elsewhere over HTTP(S), read with the JDK's client: a GET (with a
 * {@code Range} for part of it), its body streamed into new content as it arrives, a buffer at a
 * time, never held whole, on the client's own threads. Bounded in time (the whole read) and in size.
 * A source that answers 404 or 410 is 404 CannotVerifyCopySource, 401 or 403 is 403, any other
 * status but success 409, and one that cannot be reached or does not finish in time 500 (the
 * reference's "could not verify the copy source within the specified time"), each naming the
 * status. Thread-safe.
 */
final class RemoteSources {
    private final HttpClient client;
    private final ContentLifecycle lifecycle;
    private final Duration timeout;
    private final long maxBytes;

    RemoteSources(ContentLifecycle lifecycle, Duration timeout, long maxBytes) {
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL)
                .build();
        this.lifecycle = lifecycle;
        this.timeout = timeout;
        this.maxBytes = maxBytes;
    }

    /**
     * Reads {@code source}, or {@code length} bytes of it from {@code offset} when {@code length} is not
     * null, into new content, the caller's until a write adopts it.
     */
    CompletableFuture<RemoteContent> fetch(URI source, long offset, Long length) {
        HttpRequest.Builder request = HttpRequest.newBuilder(source).timeout(timeout).GET();
        if (length != null) {
            request.header("Range", "bytes=" + offset + "-" + (offset + length - 1));
        }
        // A source that ignores the Range answers 200 with the whole: the range is then cut from it here.
        return client.sendAsync(request.build(), info -> info.statusCode() / 100 == 2
                        ? HttpResponse.BodySubscribers.fromSubscriber(new ToContent(lifecycle.create(), maxBytes,
                                length != null && info.statusCode() == 200 ? offset : 0,
                                length == null ? Long.MAX_VALUE : length), ToContent::result)
                        : HttpResponse.BodySubscribers.replacing(null))
                .handle((response, failure) -> {
                    if (failure != null) {
                        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause() : failure;
                        if (cause instanceof ServiceException refused) {
                            throw refused;
                        }
                        throw new ServiceException(BlobError.COPY_SOURCE_UNREACHABLE,
                                BlobError.COPY_SOURCE_UNREACHABLE.message() + " Reading " + redacted(source)
                                        + " failed: " + cause);
                    }
                    int status = response.statusCode();
                    if (status / 100 != 2) {
                        BlobError error = status == 404 || status == 410 ? BlobError.CANNOT_VERIFY_COPY_SOURCE
                                : status == 401 || status == 403 ? BlobError.COPY_SOURCE_NOT_AUTHORIZED
                                : BlobError.COPY_SOURCE_REFUSED;
                        throw new ServiceException(error, error.message() + " The copy source " + redacted(source)
                                + " answered " + status + ".");
                    }
                    CopiedContent copied = response.body();
                    return new RemoteContent(copied, headers(response.headers(), copied), metadata(response.headers()));
                });
    }

    /** The URL without its query, which may hold a signature. */
    static String redacted(URI source) {
        return source.getScheme() + "://" + source.getRawAuthority() + source.getRawPath();
    }

    private static ContentHeaders headers(HttpHeaders headers, CopiedContent copied) {
        byte[] md5 = headers.firstValue("Content-MD5").map(RemoteSources::base64).orElse(null);
        return new ContentHeaders(headers.firstValue("Content-Type").orElse(null),
                headers.firstValue("Content-Encoding").orElse(null),
                headers.firstValue("Content-Language").orElse(null),
                headers.firstValue("Content-Disposition").orElse(null),
                headers.firstValue("Cache-Control").orElse(null), md5 != null ? md5 : copied.md5())
                .withDefaultContentType();
    }

    private static byte[] base64(String value) {
        try {
            byte[] md5 = Base64.getDecoder().decode(value.trim());
            return md5.length == 16 ? md5 : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The source's {@code x-ms-meta-*} headers, as another Blob service answers them. */
    private static Map<String, String> metadata(HttpHeaders headers) {
        Map<String, String> metadata = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.map().forEach((name, values) -> {
            if (name.toLowerCase(Locale.ROOT).startsWith("x-ms-meta-") && !values.isEmpty()) {
                metadata.put(name.substring("x-ms-meta-".length()), values.get(0));
            }
        });
        return metadata;
    }

    /**
     * Writes a response body into content as it arrives, one buffer list at a time: {@code length} bytes
     * of it from {@code skip}.
     */
    private static final class ToContent implements Flow.Subscriber<List<ByteBuffer>> {
        private final ContentWriter writer;
        private final long maxBytes;
        private long skip;
        private long left;
        private final MessageDigest md5 = md5();
        private final CompletableFuture<CopiedContent> done = new CompletableFuture<>();
        private Flow.Subscription subscription;

        ToContent(ContentWriter writer, long maxBytes, long skip, long length) {
            this.writer = writer;
            this.maxBytes = maxBytes;
            this.skip = skip;
            this.left = length;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            try {
                for (ByteBuffer buffer : buffers) {
                    int skipped = (int) Math.min(skip, buffer.remaining());
                    buffer.position(buffer.position() + skipped);
                    skip -= skipped;
                    if (buffer.remaining() > left) {
                        buffer.limit(buffer.position() + (int) left);
                    }
                    left -= buffer.remaining();
                    md5.update(buffer.duplicate());
                    writer.write(buffer);
                }
                if (writer.size() > maxBytes) {
                    subscription.cancel();
                    fail(new ServiceException(BlobError.COPY_SOURCE_REFUSED, BlobError.COPY_SOURCE_REFUSED.message()
                            + " The copy source is larger than the " + maxBytes + " bytes a copy takes."));
                    return;
                }
                subscription.request(1);
            } catch (RuntimeException e) {
                subscription.cancel();
                fail(e);
            }
        }

        @Override
        public void onError(Throwable failure) {
            fail(failure);
        }

        @Override
        public void onComplete() {
            if (done.isDone()) {
                return;
            }
            try {
                long size = writer.size();
                done.complete(new CopiedContent(size == 0 ? null : writer.finish(), size, md5.digest()));
            } catch (RuntimeException e) {
                fail(e);
            } finally {
                writer.close();
            }
        }

        private void fail(Throwable failure) {
            writer.close();
            done.completeExceptionally(failure);
        }

        CopiedContent result() {
            return done.join();
        }
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
