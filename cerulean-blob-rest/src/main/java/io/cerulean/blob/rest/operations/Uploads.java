package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * A request body written to the content store as it arrives, its MD5 computed on the way: the
 * bytes of a Put Blob or a Put Block, never held whole. The body's length must be what
 * {@code Content-Length} declared, and its MD5 what {@code Content-MD5} says, if it says.
 */
final class Uploads {
    private static final int CHUNK = 256 * 1024;

    private Uploads() {
    }

    /** What was written: the content (null for an empty body, which needs none), its size and MD5. */
    record Upload(ContentId content, long size, byte[] md5) {
    }

    /**
     * Writes the body and finishes its content; on any failure the content is discarded.
     *
     * @throws ServiceException 400 Md5Mismatch when the body's MD5 is not the one sent, 413
     *         RequestBodyTooLarge past the service's limit
     */
    static Upload write(ContentStore contents, AzureRequest request) {
        byte[] declaredMd5 = RequestHeaders.md5(request, "Content-MD5");
        MessageDigest md5 = md5();
        long size;
        ContentId id = null;
        try (ContentWriter writer = contents.create()) {
            if (request.streamsBody()) {
                InputStream body = request.streamedBody();
                byte[] buffer = new byte[bufferSize(request)];
                int n;
                while ((n = body.read(buffer)) >= 0) {
                    md5.update(buffer, 0, n);
                    writer.write(ByteBuffer.wrap(buffer, 0, n));
                }
            } else {
                md5.update(request.body());
                writer.write(ByteBuffer.wrap(request.body()));
            }
            size = writer.size();
            byte[] digest = md5.digest();
            if (declaredMd5 != null && !Arrays.equals(declaredMd5, digest)) {
                throw new ServiceException(BlobError.MD5_MISMATCH, BlobError.MD5_MISMATCH.message(),
                        RequestHeaders.pairs("UserSpecifiedMd5", Base64.getEncoder().encodeToString(declaredMd5),
                                "ServerCalculatedMd5", Base64.getEncoder().encodeToString(digest)));
            }
            if (size > 0) {
                id = writer.finish();
            }
            return new Upload(id, size, digest);
        } catch (IOException e) { // the client stopped short (IncompleteBodyException): the pipeline answers it
            throw new UncheckedIOException("reading the request body", e);
        }
    }

    /** Up to {@link #CHUNK}, no more than the body declares: a 1 KiB put need not clear 256 KiB. */
    private static int bufferSize(AzureRequest request) {
        Long declared = RequestHeaders.longHeader(request, "Content-Length");
        return declared == null || declared > CHUNK ? CHUNK : (int) Math.max(declared, 1);
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }

    /** 413 when a body may be larger than the service takes in one request of this kind. */
    static ServiceException tooLarge(long limit) {
        return new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE, CommonError.REQUEST_BODY_TOO_LARGE.message()
                + " At most " + limit + " bytes are taken.");
    }
}
