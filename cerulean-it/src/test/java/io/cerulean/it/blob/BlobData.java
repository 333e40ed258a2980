package io.cerulean.it.blob;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Random;

/** Contents for blobs: reproducible random bytes, their MD5, and block ids. */
final class BlobData {
    static final int MIB = 1024 * 1024;

    private BlobData() {
    }

    /** {@code length} random bytes, the same for the same seed. */
    static byte[] randomBytes(long seed, int length) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static byte[] md5(byte[] bytes) {
        return md5Digest().digest(bytes);
    }

    static byte[] md5(Path file) {
        MessageDigest digest = md5Digest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return digest.digest();
    }

    /** A block id: the Base64 of a text, so that ids of texts of one length have one length. */
    static String blockId(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest md5Digest() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
