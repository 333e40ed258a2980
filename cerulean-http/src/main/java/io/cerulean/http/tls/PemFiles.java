package io.cerulean.http.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes the PEM files of a TLS identity. Reading takes what OpenSSL and the usual tools
 * write: certificates, and unencrypted private keys as PKCS#8 ({@code PRIVATE KEY}), PKCS#1
 * ({@code RSA PRIVATE KEY}) or SEC 1 ({@code EC PRIVATE KEY}); other blocks in the same file (EC
 * parameters, a certificate next to the key) are skipped. Writing produces PKCS#8 and replaces a
 * file only whole, so a crash never leaves half a key behind.
 *
 * <p>Certificates and PKCS#8 keys are read with the JDK alone: loading BouncyCastle costs about a
 * second of start-up, paid only for the older key forms ({@link TraditionalKeys}) and for
 * generating a certificate.
 */
final class PemFiles {
    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----\\r?\\n(.*?)-----END \\1-----", Pattern.DOTALL);
    /** Key algorithms a PKCS#8 key may be for, in the order they are tried. */
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "RSASSA-PSS");

    private PemFiles() {
    }

    /** One {@code -----BEGIN type-----} block: RFC 7468 body, plus RFC 1421 headers for the traditional forms. */
    record Block(String type, String headers, byte[] der) {
    }

    /** The certificates in the file, in file order (the server's own first). */
    static List<X509Certificate> readCertificates(Path file) {
        List<X509Certificate> certificates = new ArrayList<>();
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (Block block : blocks(file, "certificate")) {
                if (block.type().equals("CERTIFICATE") || block.type().equals("X509 CERTIFICATE")) {
                    certificates.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(block.der())));
                }
            }
        } catch (CertificateException e) {
            throw unreadable(file, "certificate", e);
        }
        if (certificates.isEmpty()) {
            throw new InvalidTlsConfigException("the TLS certificate file " + file
                    + " holds no PEM certificate (a '-----BEGIN CERTIFICATE-----' block)");
        }
        return List.copyOf(certificates);
    }

    /** The (first) private key in the file. */
    static PrivateKey readPrivateKey(Path file) {
        byte[] ecParameters = null;
        for (Block block : blocks(file, "private key")) {
            switch (block.type()) {
                case "PRIVATE KEY" -> {
                    return pkcs8(file, block.der());
                }
                case "RSA PRIVATE KEY", "EC PRIVATE KEY" -> {
                    if (block.headers().contains("ENCRYPTED")) {
                        throw encrypted(file);
                    }
                    return TraditionalKeys.read(file, block, ecParameters);
                }
                case "EC PARAMETERS" -> ecParameters = block.der();
                case "ENCRYPTED PRIVATE KEY" -> throw encrypted(file);
                default -> {
                    // EC PARAMETERS before an EC key, a certificate kept with its key: not the key.
                }
            }
        }
        throw new InvalidTlsConfigException("the TLS private key file " + file
                + " holds no PEM private key (a '-----BEGIN PRIVATE KEY-----' block)");
    }

    static void writeCertificate(Path file, X509Certificate certificate) throws IOException {
        try {
            replace(file, pem("CERTIFICATE", certificate.getEncoded()), false);
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IOException("cannot encode the certificate", e);
        }
    }

    /** Writes the key as PKCS#8; the file is readable by its owner only where the file system allows. */
    static void writePrivateKey(Path file, PrivateKey key) throws IOException {
        replace(file, pem("PRIVATE KEY", key.getEncoded()), true);
    }

    private static PrivateKey pkcs8(Path file, byte[] der) {
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // not this algorithm's key: try the next
            }
        }
        throw new InvalidTlsConfigException("the TLS private key in " + file
                + " is not an RSA, EC or Ed25519 key this server can read");
    }

    static List<Block> blocks(Path file, String what) {
        String text;
        try {
            // Latin-1 decodes any bytes: a file that is not PEM is then "no PEM block", not a charset error.
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            throw new InvalidTlsConfigException("the TLS " + what + " file " + file + " does not exist");
        } catch (IOException e) {
            throw unreadable(file, what, e);
        }
        List<Block> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            String body = m.group(2);
            String headers = "";
            int blank = body.indexOf(':') >= 0 ? body.replace("\r\n", "\n").indexOf("\n\n") : -1;
            if (blank >= 0) {
                body = body.replace("\r\n", "\n");
                headers = body.substring(0, blank);
                body = body.substring(blank + 2);
            }
            try {
                // Strict, unlike the MIME decoder, which would skip stray characters and decode what is left.
                blocks.add(new Block(m.group(1), headers, Base64.getDecoder().decode(body.replaceAll("\\s+", ""))));
            } catch (IllegalArgumentException e) {
                throw new InvalidTlsConfigException("the TLS " + what + " file " + file + " has a '" + m.group(1)
                        + "' block that is not base64");
            }
        }
        return blocks;
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    /** Writes a sibling temporary file (owner-only from its creation, if asked), then moves it into place. */
    private static void replace(Path file, String content, boolean ownerOnly) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temporary = dir.resolve(file.getFileName() + ".tmp");
        Files.deleteIfExists(temporary);
        if (ownerOnly && dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(temporary);
        }
        Files.writeString(temporary, content, StandardCharsets.US_ASCII);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static InvalidTlsConfigException encrypted(Path file) {
        return new InvalidTlsConfigException("the TLS private key in " + file + " is encrypted; give it unencrypted "
                + "(e.g. openssl pkey -in " + file.getFileName() + " -out key.pem)");
    }

    static InvalidTlsConfigException unreadable(Path file, String what, Exception e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (Files.isDirectory(file)) {
            reason = "it is a directory";
        }
        return new InvalidTlsConfigException("cannot read the TLS " + what + " file " + file + ": " + reason, e);
    }
}
