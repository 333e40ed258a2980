package io.cerulean.http.tls;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * What the server shows in a TLS handshake: its private key and its certificate chain, the
 * server's own certificate first. The key is known to belong to that certificate.
 */
public record ServerIdentity(PrivateKey privateKey, List<X509Certificate> chain) {
    public ServerIdentity {
        Objects.requireNonNull(privateKey, "privateKey");
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate chain needs at least the server's certificate");
        }
    }

    /**
     * Reads the PEM files and checks that the key is the certificate's.
     *
     * @throws InvalidTlsConfigException naming the file and what is wrong with it
     */
    public static ServerIdentity load(TlsConfig config) {
        List<X509Certificate> chain = PemFiles.readCertificates(config.certificateFile());
        PrivateKey key = PemFiles.readPrivateKey(config.privateKeyFile());
        if (!belongTogether(key, chain.get(0))) {
            throw new InvalidTlsConfigException("the TLS private key " + config.privateKeyFile()
                    + " does not belong to the certificate " + config.certificateFile());
        }
        return new ServerIdentity(key, chain);
    }

    public X509Certificate certificate() {
        return chain.get(0);
    }

    /**
     * Signs with the key and verifies with the certificate's public key: a mismatched pair would
     * otherwise only show as a failed handshake on every connection.
     */
    static boolean belongTogether(PrivateKey key, X509Certificate certificate) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        if (algorithm == null) {
            return true; // a key type the JDK's TLS rarely serves; the handshake will tell
        }
        try {
            byte[] probe = "cerulean key check".getBytes(StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false; // e.g. an EC key with an RSA certificate
        }
    }
}
