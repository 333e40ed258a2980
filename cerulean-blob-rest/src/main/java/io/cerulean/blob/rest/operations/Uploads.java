package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.StorageCrc64;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
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
 * A request body written to the content store as it arrives, its checksums computed on the way: the
 * bytes of a Put Blob, a Put Block, an Append Block or a Put Page, never held whole. The server
 * pours a streamed body into a {@link Receiver} before the operation runs, a piece at a time as the
 * client sends it; the operation then {@linkplain #write takes} what it received. The body's MD5
 * must be what {@code Content-MD5} says, if it says, and its CRC-64 what {@code x-ms-content-crc64}
 * says; a request may send one of the two, not both. Only the checksums that are checked, kept or
 * answered are computed (each costs a millisecond or two of CPU per MiB).
 */
final class Uploads {
    private Uploads() {
    }

    /** Which checksums of a body to compute. */
    record Checksums(boolean md5, boolean crc64, String md5Header) {
        /**
         * What Put Block, Append Block and Put Page answer: from 2019-02-02 on, {@code Content-MD5}
         * when the request sent one and {@code x-ms-content-crc64} when it did not; before, the MD5
         * alone. Either way the one a request sent is the one checked.
         */
        static Checksums answered(AzureRequest head) {
            String version = head.header("x-ms-version");
            boolean crc64Era = version == null || version.compareTo("2019-02-02") >= 0;
            boolean sentMd5 = sent(head, "Content-MD5");
            return new Checksums(sentMd5 || !crc64Era, sent(head, "x-ms-content-crc64") || crc64Era && !sentMd5,
                    "Content-MD5");
        }

        /**
         * What Put Blob needs: the MD5, which a block blob keeps, and the CRC-64 if one was sent to
         * check. A block blob's body is checked against {@code x-ms-blob-content-md5} when sent, in
         * place of {@code Content-MD5}: for Put Blob of a block blob the service takes the two as
         * one, the blob's property first.
         */
        static Checksums kept(AzureRequest head, boolean blockBlob) {
            String md5Header = blockBlob && sent(head, "x-ms-blob-content-md5") ? "x-ms-blob-content-md5"
                    : "Content-MD5";
            return new Checksums(true, sent(head, "x-ms-content-crc64"), md5Header);
        }

        private static boolean sent(AzureRequest head, String name) {
            String value = head.header(name);
            return value != null && !value.isEmpty();
        }
    }

    /**
     * What was written: the content (null for an empty body, which needs none), its size, and its
     * MD5 and CRC-64 where they were computed (null where not).
     */
    record Upload(ContentId content, long size, byte[] md5, byte[] crc64) {
        /** Answers the checksums that were computed. */
        AzureResponse answer(AzureResponse response) {
            if (md5 != null) {
                response.header("Content-MD5", Base64.getEncoder().encodeToString(md5));
            }
            if (crc64 != null) {
                response.header("x-ms-content-crc64", Base64.getEncoder().encodeToString(crc64));
            }
            return response;
        }
    }

    /**
     * Where a streamed body goes as it arrives. Checks the checksum headers' form first, so a
     * malformed one is refused before any of the body is kept.
     */
    static BodySink receive(ContentStore contents, AzureRequest head, Checksums checksums) {
        RequestHeaders.checksums(head);
        return new Receiver(contents, checksums);
    }

    /**
     * The body, written: the one the server poured into its {@link Receiver}, or a buffered one
     * written now. On any failure the content is discarded.
     *
     * @throws ServiceException 400 Md5Mismatch when the body's MD5 is not the one sent, 400
     *     Crc64Mismatch when its CRC-64 is not
     */
    static Upload write(ContentStore contents, AzureRequest request, Checksums checksums) {
        byte[] declaredMd5 = RequestHeaders.md5(request, checksums.md5Header());
        byte[] declaredCrc64 = RequestHeaders.checksums(request);
        Receiver received = request.receivedBody(Receiver.class);
        if (received != null) {
            return received.finish(declaredMd5, declaredCrc64);
        }
        if (request.streamsBody()) {
            throw new IllegalStateException("a streamed body is received before its operation runs");
        }
        try (Receiver buffered = new Receiver(contents, checksums)) {
            buffered.write(ByteBuffer.wrap(request.body()));
            return buffered.finish(declaredMd5, declaredCrc64);
        }
    }

    /** A body on its way into new content. Used by one thread at a time. */
    static final class Receiver implements BodySink {
        private final ContentWriter writer;
        private final MessageDigest md5;
        private final StorageCrc64 crc64;

        private Receiver(ContentStore contents, Checksums checksums) {
            this.writer = contents.create();
            this.md5 = checksums.md5() ? md5() : null;
            this.crc64 = checksums.crc64() ? new StorageCrc64() : null;
        }

        @Override
        public void write(ByteBuffer piece) {
            if (md5 != null) {
                md5.update(piece.duplicate());
            }
            if (crc64 != null) {
                crc64.update(piece.duplicate());
            }
            writer.write(piece);
        }

        /** Checks the MD5 and CRC-64 and finishes the content; closing the receiver then keeps it. */
        Upload finish(byte[] declaredMd5, byte[] declaredCrc64) {
            long size = writer.size();
            byte[] digest = md5 == null ? null : md5.digest();
            if (declaredMd5 != null && !Arrays.equals(declaredMd5, digest)) {
                throw new ServiceException(BlobError.MD5_MISMATCH, BlobError.MD5_MISMATCH.message(),
                        RequestHeaders.pairs("UserSpecifiedMd5", Base64.getEncoder().encodeToString(declaredMd5),
                                "ServerCalculatedMd5", Base64.getEncoder().encodeToString(digest)));
            }
            byte[] crc = crc64 == null ? null : crc64.digest();
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
