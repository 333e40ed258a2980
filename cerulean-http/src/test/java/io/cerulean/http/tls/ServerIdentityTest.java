package io.cerulean.http.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.util.Base64;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.openssl.jcajce.JcePEMEncryptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Operator-given PEM files: the forms the usual tools write, and clear errors for the rest. */
class ServerIdentityTest {
    /** The named curve P-256 (OID 1.2.840.10045.3.1.7), as OpenSSL writes it before an EC key. */
    /** For the test's own encryption only; the server never registers BouncyCastle as a provider. */
    private static final java.security.Provider BC = new org.bouncycastle.jce.provider.BouncyCastleProvider();
    private static final String P256_PARAMETERS =
            "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";

    @TempDir
    Path temp;

    @Test
    void readsAnRsaKeyInPkcs1FormWithItsCertificate() throws Exception {
        KeyPair keys = TestCertificates.rsa();
        X509Certificate certificate = TestCertificates.selfSigned(keys);

        ServerIdentity identity = ServerIdentity.load(files(TestCertificates.pem(certificate), TestCertificates.pem(keys)));

        assertThat(Files.readString(temp.resolve("key.pem"))).startsWith("-----BEGIN RSA PRIVATE KEY-----");
        assertThat(identity.certificate()).isEqualTo(certificate);
        assertThat(identity.privateKey().getEncoded()).isEqualTo(keys.getPrivate().getEncoded());
    }

    /** As {@code openssl ecparam -genkey -name prime256v1} writes it. */
    @Test
    void readsAnEcKeyInSec1FormAfterItsParameters() throws Exception {
        KeyPair keys = TestCertificates.ec();
        X509Certificate certificate = TestCertificates.selfSigned(keys);

        ServerIdentity identity = ServerIdentity.load(files(TestCertificates.pem(certificate),
                P256_PARAMETERS + TestCertificates.traditional(keys, true)));

        assertThat(Files.readString(temp.resolve("key.pem"))).contains("-----BEGIN EC PRIVATE KEY-----");
        assertThat(identity.privateKey().getAlgorithm()).isEqualTo("EC");
        assertThat(ServerIdentity.belongTogether(identity.privateKey(), certificate)).isTrue();
    }

    @Test
    void anEcKeyWithoutItsCurveTakesTheParametersBeforeIt() {
        KeyPair keys = TestCertificates.ec();
        String certificate = TestCertificates.pem(TestCertificates.selfSigned(keys));

        ServerIdentity identity = ServerIdentity.load(files(certificate,
                P256_PARAMETERS + TestCertificates.traditional(keys, false)));
        InvalidTlsConfigException e = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> ServerIdentity.load(files(certificate, TestCertificates.traditional(keys, false))));

        assertThat(identity.privateKey().getAlgorithm()).isEqualTo("EC");
        assertThat(e).hasMessageContaining("does not name its curve");
    }

    @Test
    void readsPkcs8KeysOfBothKindsWithWindowsLineEnds() throws Exception {
        for (KeyPair keys : new KeyPair[] {TestCertificates.rsa(), TestCertificates.ec()}) {
            X509Certificate certificate = TestCertificates.selfSigned(keys);
            String pkcs8 = "-----BEGIN PRIVATE KEY-----\r\n"
                    + Base64.getMimeEncoder(64, new byte[] {'\r', '\n'}).encodeToString(keys.getPrivate().getEncoded())
                    + "\r\n-----END PRIVATE KEY-----\r\n";

            ServerIdentity identity = ServerIdentity.load(files(TestCertificates.pem(certificate), pkcs8));

            assertThat(identity.privateKey().getAlgorithm()).isEqualTo(keys.getPrivate().getAlgorithm());
        }
    }

    @Test
    void keepsTheChainInFileOrderAndTakesAKeyFileThatAlsoHoldsTheCertificate() throws Exception {
        KeyPair caKeys = TestCertificates.ec();
        X509Certificate ca = TestCertificates.selfSigned(caKeys);
        KeyPair serverKeys = TestCertificates.ec();
        X509Certificate server = TestCertificates.certificate("CN=server", serverKeys, "CN=localhost", caKeys.getPrivate());

        ServerIdentity identity = ServerIdentity.load(files(TestCertificates.pem(server, ca),
                TestCertificates.pem(server) + TestCertificates.traditional(serverKeys, true)));

        assertThat(identity.chain()).containsExactly(server, ca);
    }

    @Test
    void aKeyOfAnotherCertificateIsRefused() {
        KeyPair keys = TestCertificates.ec();
        X509Certificate certificate = TestCertificates.selfSigned(keys);

        InvalidTlsConfigException wrongEc = catchThrowableOfType(InvalidTlsConfigException.class, () ->
                ServerIdentity.load(files(TestCertificates.pem(certificate),
                        TestCertificates.traditional(TestCertificates.ec(), true))));
        InvalidTlsConfigException rsaForEc = catchThrowableOfType(InvalidTlsConfigException.class, () ->
                ServerIdentity.load(files(TestCertificates.pem(certificate),
                        TestCertificates.traditional(TestCertificates.rsa(), true))));

        assertThat(wrongEc).hasMessageContaining("does not belong to the certificate");
        assertThat(rsaForEc).hasMessageContaining("does not belong to the certificate");
    }

    @Test
    void encryptedKeysAreRefusedWithAHint() throws Exception {
        KeyPair keys = TestCertificates.rsa();
        String certificate = TestCertificates.pem(TestCertificates.selfSigned(keys));
        String traditional = pemEncrypted(keys);
        String pkcs8 = TestCertificates.pem(new JcaPKCS8Generator(keys.getPrivate(),
                new JceOpenSSLPKCS8EncryptorBuilder(PKCSObjectIdentifiers.des_EDE3_CBC)
                        .setProvider(BC).setPassword("secret".toCharArray()).build()).generate());

        for (String encrypted : new String[] {traditional, pkcs8}) {
            InvalidTlsConfigException e = catchThrowableOfType(InvalidTlsConfigException.class,
                    () -> ServerIdentity.load(files(certificate, encrypted)));
            assertThat(e).hasMessageContaining("is encrypted").hasMessageContaining("openssl pkey");
        }
    }

    @Test
    void missingFilesAreNamed() {
        TlsConfig config = new TlsConfig(temp.resolve("nope.crt"), temp.resolve("nope.key"));

        InvalidTlsConfigException e = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> ServerIdentity.load(config));

        assertThat(e).hasMessage("the TLS certificate file " + temp.resolve("nope.crt") + " does not exist");
    }

    @Test
    void filesWithoutPemBlocksSaySo() throws Exception {
        KeyPair keys = TestCertificates.ec();
        X509Certificate certificate = TestCertificates.selfSigned(keys);

        InvalidTlsConfigException derCertificate = catchThrowableOfType(InvalidTlsConfigException.class, () -> {
            TlsConfig config = files("", TestCertificates.traditional(keys, true));
            Files.write(config.certificateFile(), certificate.getEncoded());
            ServerIdentity.load(config);
        });
        InvalidTlsConfigException keyIsACertificate = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> ServerIdentity.load(files(TestCertificates.pem(certificate), TestCertificates.pem(certificate))));
        InvalidTlsConfigException brokenBase64 = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> ServerIdentity.load(files("-----BEGIN CERTIFICATE-----\n%%%\n-----END CERTIFICATE-----\n",
                        TestCertificates.traditional(keys, true))));
        InvalidTlsConfigException notACertificate = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> ServerIdentity.load(files("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
                        TestCertificates.traditional(keys, true))));

        assertThat(derCertificate).hasMessageContaining("holds no PEM certificate");
        assertThat(keyIsACertificate).hasMessageContaining("holds no PEM private key");
        assertThat(brokenBase64).hasMessageContaining("not base64");
        assertThat(notACertificate).hasMessageContaining("cannot read the TLS certificate file");
    }

    @Test
    void aDirectoryIsNotAFile() throws Exception {
        Path dir = Files.createDirectory(temp.resolve("certs"));

        InvalidTlsConfigException e = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> ServerIdentity.load(new TlsConfig(dir, dir)));

        assertThat(e).hasMessageContaining(dir.toString()).hasMessageContaining("directory");
    }

    @Test
    void theGeneratedFormRoundTrips() throws Exception {
        ServerIdentity generated = SelfSignedCertificate.generate(java.time.Instant.now());
        TlsConfig config = new TlsConfig(temp.resolve("c.pem"), temp.resolve("k.pem"));
        PemFiles.writeCertificate(config.certificateFile(), generated.certificate());
        PemFiles.writePrivateKey(config.privateKeyFile(), generated.privateKey());

        ServerIdentity read = ServerIdentity.load(config);

        assertThat(read.certificate()).isEqualTo(generated.certificate());
        assertThat(read.privateKey().getEncoded()).isEqualTo(generated.privateKey().getEncoded());
    }

    private static String pemEncrypted(KeyPair keys) throws Exception {
        java.io.StringWriter out = new java.io.StringWriter();
        try (var writer = new org.bouncycastle.openssl.jcajce.JcaPEMWriter(out)) {
            writer.writeObject(keys, new JcePEMEncryptorBuilder("AES-128-CBC").setProvider(BC)
                    .build("secret".toCharArray()));
        }
        return out.toString();
    }

    private TlsConfig files(String certificatePem, String keyPem) {
        try {
            return new TlsConfig(Files.writeString(temp.resolve("cert.pem"), certificatePem),
                    Files.writeString(temp.resolve("key.pem"), keyPem));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
