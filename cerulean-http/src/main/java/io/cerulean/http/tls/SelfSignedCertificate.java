package io.cerulean.http.tls;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A certificate for {@code localhost}, {@code 127.0.0.1} and {@code ::1} that signs itself, for
 * development: generated on the first start and kept, so that a client trusts it once and keeps
 * trusting it across restarts.
 *
 * <p>It is its own root: {@code CA:TRUE} with {@code keyCertSign}, subject and authority key
 * identifiers, as {@code openssl req -x509} makes one. That is the shape every client's trust
 * store accepts as an anchor (OpenSSL in Node, Python and curl, including Python's strict X.509
 * checks; Java's PKIX; .NET). The key is EC P-256: as widely supported as RSA by current TLS
 * stacks, and generated in milliseconds where RSA takes a noticeable part of a second.
 *
 * <p>Not thread-safe against another process generating into the same directory; the data
 * directory's lock keeps a second server out before this runs.
 */
public final class SelfSignedCertificate {
    public static final String CERTIFICATE_FILE = "cerulean.crt";
    public static final String PRIVATE_KEY_FILE = "cerulean.key";
    /** About ten years: long enough that a trusted development certificate is not a recurring chore. */
    public static final Duration VALIDITY = Duration.ofDays(3650);
    /** A client whose clock is a little behind must not see a certificate from the future. */
    private static final Duration BACKDATE = Duration.ofDays(1);
    private static final String SUBJECT = "CN=localhost,O=Cerulean development certificate";

    private static final Logger log = LoggerFactory.getLogger(SelfSignedCertificate.class);

    private SelfSignedCertificate() {
    }

    /**
     * The certificate kept in {@code dir}, generated into it (with its key, owner-only) when there
     * is none yet or the kept one has expired.
     *
     * @throws InvalidTlsConfigException when a kept certificate or key cannot be read, or new ones
     *                                   cannot be written
     */
    public static TlsConfig keptIn(Path dir, Clock clock) {
        TlsConfig config = new TlsConfig(dir.resolve(CERTIFICATE_FILE), dir.resolve(PRIVATE_KEY_FILE));
        Instant now = clock.instant();
        if (Files.exists(config.certificateFile()) && Files.exists(config.privateKeyFile())) {
            ServerIdentity kept;
            try {
                kept = ServerIdentity.load(config);
            } catch (InvalidTlsConfigException e) {
                throw new InvalidTlsConfigException(e.getMessage() + " (delete " + dir
                        + " to have a new self-signed certificate generated)", e);
            }
            Instant expires = kept.certificate().getNotAfter().toInstant();
            if (expires.isAfter(now)) {
                return config;
            }
            log.warn("the self-signed certificate in {} expired on {}; generating a new one, which clients must "
                    + "trust again", dir, expires);
        }
        ServerIdentity generated = generate(now);
        try {
            // Key first: a crash in between leaves no certificate, and the next start generates both again.
            PemFiles.writePrivateKey(config.privateKeyFile(), generated.privateKey());
            PemFiles.writeCertificate(config.certificateFile(), generated.certificate());
        } catch (IOException e) {
            throw new InvalidTlsConfigException("cannot write a self-signed certificate into " + dir + ": "
                    + e.getMessage(), e);
        }
        log.info("generated a self-signed certificate for localhost, 127.0.0.1 and ::1 in {}", config.certificateFile());
        return config;
    }

    /** A new key pair and a certificate for it, valid from a day before {@code now} for {@link #VALIDITY}. */
    public static ServerIdentity generate(Instant now) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair pair = generator.generateKeyPair();
            X500Name subject = new X500Name(SUBJECT);
            // Positive, at most 20 octets (RFC 5280 4.1.2.2), and unpredictable.
            BigInteger serial = new BigInteger(127, new SecureRandom()).add(BigInteger.ONE);
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial,
                    Date.from(now.minus(BACKDATE)), Date.from(now.plus(VALIDITY)), subject, pair.getPublic());
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            builder.addExtension(Extension.keyUsage, true,
                    new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyCertSign));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                    new GeneralName(GeneralName.iPAddress, "::1")}));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    extensions.createSubjectKeyIdentifier(pair.getPublic()));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    extensions.createAuthorityKeyIdentifier(pair.getPublic()));
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
            return new ServerIdentity(pair.getPrivate(), java.util.List.of(certificate));
        } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
            // Every JDK 17 has EC P-256 and SHA-256 with ECDSA; this is not a configuration problem.
            throw new IllegalStateException("cannot generate a self-signed certificate", e);
        }
    }
}
