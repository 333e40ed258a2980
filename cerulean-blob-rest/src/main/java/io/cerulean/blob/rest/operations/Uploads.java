package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.StorageCrc64;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.BodySink;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * A request body written to the content store as it arrives, its MD5 and CRC-64 computed on the way: the
 * bytes of a Put Blob, a Put Block, an Append Block or a Put Page, never held whole. The server
 * pours a streamed body into a {@link Receiver} before the operation runs, a piece at a time as the
 * client sends it; the operation then {@linkplain #write takes} what it received. The body's MD5
 * must be what {@code Content-MD5} says, if it says, and its CRC-64 what {@code x-ms-content-crc64}
 * says; a request may send one of the two, not both.
 */
final class Uploads {
    private Uploads() {
    }

    /** What was written: the content (null for an empty body, which needs none), its size, MD5 and CRC-64. */
    record Upload(ContentId content, long size, byte[] md5, byte[] crc64) {
        /** The CRC-64 as {@code x-ms-content-crc64} answers it. */
        String crc64Header() {
            return Base64.getEncoder().encodeToString(crc64);
        }
    }

    /**
     * Where a streamed body goes as it arrives. Checks the checksum headers' form first, so a
     * malformed one is refused before any of the body is kept.
     */
    static BodySink receive(ContentStore contents, AzureRequest head) {
        RequestHeaders.checksums(head);
        return new Receiver(contents);
    }

    /**
     * The body, written: the one the server poured into its {@link Receiver}, or a buffered one
     * written now. On any failure the content is discarded.
     *
     * @throws ServiceException 400 Md5Mismatch when the body's MD5 is not the one sent, 400
     *     Crc64Mismatch when its CRC-64 is not
     */
    static Upload write(ContentStore contents, AzureRequest request) {
        byte[] declaredMd5 = RequestHeaders.md5(request, "Content-MD5");
        byte[] declaredCrc64 = RequestHeaders.checksums(request);
        Receiver received = request.receivedBody(Receiver.class);
        if (received != null) {
            return received.finish(declaredMd5, declaredCrc64);
        }
        if (request.streamsBody()) {
            throw new IllegalStateException("a streamed body is received before its operation runs");
        }
        try (Receiver buffered = new Receiver(contents)) {
            buffered.write(ByteBuffer.wrap(request.body()));
            return buffered.finish(declaredMd5, declaredCrc64);
        }
    }

    /** A body on its way into new content. Used by one thread at a time. */
    static final class Receiver implements BodySink {
        private final ContentWriter writer;
        private final MessageDigest md5 = md5();
        private final StorageCrc64 crc64 = new StorageCrc64();

        private Receiver(ContentStore contents) {
            this.writer = contents.create();
        }

        @Override
        public void write(ByteBuffer piece) {
            md5.update(piece.duplicate());
            crc64.update(piece.duplicate());
            writer.write(piece);
        }

        /** Checks the MD5 and CRC-64 and finishes the content; closing the receiver then keeps it. */
        Upload finish(byte[] declaredMd5, byte[] declaredCrc64) {
            long size = writer.size();
            byte[] digest = md5.digest();
            if (declaredMd5 != null && !Arrays.equals(declaredMd5, digest)) {
                throw new ServiceException(BlobError.MD5_MISMATCH, BlobError.MD5_MISMATCH.message(),
                        RequestHeaders.pairs("UserSpecifiedMd5", Base64.getEncoder().encodeToString(declaredMd5),
                                "ServerCalculatedMd5", Base64.getEncoder().encodeToString(digest)));
            }
            byte[] crc = crc64.digest();
            if (declaredCrc64 != null && !Arrays.equals(declaredCrc64, crc)) {
                throw new ServiceException(BlobError.CRC64_MISMATCH, BlobError.CRC64_MISMATCH.message(),
                        RequestHeaders.pairs("UserSpecifiedCrc64", Base64.getEncoder().encodeToString(declaredCrc64),
                                "ServerCalculatedCrc64", Base64.getEncoder().encodeToString(crc)));
            }
            return new Upload(size > 0 ? writer.finish() : null, size, digest, crc);
        }

        @Override
        public void close() {
            writer.close();
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
