package io.cerulean.http.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.sec.ECPrivateKey;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;

/**
 * Key pairs and certificates made by the tests themselves, independently of the classes under
 * test, in the forms operators bring (RSA, EC; PKCS#8 and the traditional PEM forms).
 */
final class TestCertificates {
    private TestCertificates() {
    }

    static KeyPair rsa() {
        return generate("RSA", 2048);
    }

    static KeyPair ec() {
        return generate("EC", 256);
    }

    private static KeyPair generate(String algorithm, int size) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
            generator.initialize(size);
            return generator.generateKeyPair();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A certificate for {@code subject}'s public key, signed by {@code issuerKey}. */
    static X509Certificate certificate(String subject, KeyPair subjectKeys, String issuer, PrivateKey issuerKey) {
        try {
            Instant now = Instant.now();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(new X500Name(issuer),
                    BigInteger.valueOf(now.toEpochMilli()), Date.from(now.minus(Duration.ofDays(1))),
                    Date.from(now.plus(Duration.ofDays(30))), new X500Name(subject), subjectKeys.getPublic());
            String algorithm = issuerKey.getAlgorithm().equals("RSA") ? "SHA256withRSA" : "SHA256withECDSA";
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder(algorithm).build(issuerKey)));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static X509Certificate selfSigned(KeyPair keys) {
        return certificate("CN=localhost", keys, "CN=localhost", keys.getPrivate());
    }

    /**
     * A key in OpenSSL's traditional form: PKCS#1 {@code RSA PRIVATE KEY}, or SEC 1
     * {@code EC PRIVATE KEY} naming its curve (or not, if {@code withCurve} is false).
     */
    static String traditional(KeyPair keys, boolean withCurve) {
        if (keys.getPrivate().getAlgorithm().equals("RSA")) {
            return pem(keys); // BouncyCastle writes PKCS#1 for RSA
        }
        try {
            PrivateKeyInfo pkcs8 = PrivateKeyInfo.getInstance(keys.getPrivate().getEncoded());
            ECPrivateKey inner = ECPrivateKey.getInstance(pkcs8.parsePrivateKey());
            ECPrivateKey sec1 = withCurve
                    ? new ECPrivateKey(256, inner.getKey(), pkcs8.getPrivateKeyAlgorithm().getParameters())
                    : new ECPrivateKey(256, inner.getKey());
            return pem(new PemObject("EC PRIVATE KEY", sec1.getEncoded()));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** PEM as BouncyCastle writes it (certificates; key pairs in their traditional form). */
    static String pem(Object... objects) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            for (Object object : objects) {
                writer.writeObject(object);
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toString();
    }
}
