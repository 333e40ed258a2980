package io.cerulean.http.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelfSignedCertificateTest {
    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

    @TempDir
    Path temp;

    @Test
    void certifiesLocalhostAndBothLoopbackAddressesForTenYears() throws Exception {
        ServerIdentity identity = SelfSignedCertificate.generate(NOW);
        X509Certificate certificate = identity.certificate();

        assertThat(certificate.getSubjectX500Principal().getName()).contains("CN=localhost");
        assertThat(certificate.getIssuerX500Principal()).isEqualTo(certificate.getSubjectX500Principal());
        certificate.verify(certificate.getPublicKey()); // signs itself
        List<String> names = new ArrayList<>();
        for (List<?> name : certificate.getSubjectAlternativeNames()) {
            Object value = name.get(1);
            names.add((Integer) name.get(0) == 7 ? InetAddress.getByName((String) value).getHostAddress() : (String) value);
        }
        assertThat(names).containsExactlyInAnyOrder("localhost", "127.0.0.1", "0:0:0:0:0:0:0:1");
        assertThat(certificate.getNotBefore().toInstant()).isBefore(NOW);
        assertThat(Duration.between(NOW, certificate.getNotAfter().toInstant()).toDays()).isBetween(3640L, 3660L);
        assertThat(certificate.getExtendedKeyUsage()).contains("1.3.6.1.5.5.7.3.1"); // serverAuth
        assertThat(certificate.getBasicConstraints()).as("its own trust anchor").isGreaterThanOrEqualTo(0);
        assertThat(ServerIdentity.belongTogether(identity.privateKey(), certificate)).isTrue();
    }

    @Test
    void twoGenerationsHaveDifferentKeysAndSerials() {
        ServerIdentity first = SelfSignedCertificate.generate(NOW);
        ServerIdentity second = SelfSignedCertificate.generate(NOW);

        assertThat(first.certificate().getSerialNumber()).isNotEqualTo(second.certificate().getSerialNumber());
        assertThat(first.certificate().getPublicKey()).isNotEqualTo(second.certificate().getPublicKey());
        assertThat(first.certificate().getSerialNumber().signum()).isPositive();
    }

    @Test
    void generatedOnceIntoTheDirectoryAndKeptThere() throws Exception {
        Path dir = temp.resolve("data").resolve("tls");

        TlsConfig first = SelfSignedCertificate.keptIn(dir, clock(NOW));
        byte[] certificate = Files.readAllBytes(first.certificateFile());
        byte[] key = Files.readAllBytes(first.privateKeyFile());
        TlsConfig again = SelfSignedCertificate.keptIn(dir, clock(NOW.plus(Duration.ofDays(400))));

        assertThat(first.certificateFile()).isEqualTo(dir.resolve("cerulean.crt"));
        assertThat(first.privateKeyFile()).isEqualTo(dir.resolve("cerulean.key"));
        assertThat(again).isEqualTo(first);
        assertThat(Files.readAllBytes(again.certificateFile())).as("the same certificate").isEqualTo(certificate);
        assertThat(Files.readAllBytes(again.privateKeyFile())).as("the same key").isEqualTo(key);
        assertThat(new String(key, java.nio.charset.StandardCharsets.US_ASCII)).startsWith("-----BEGIN PRIVATE KEY-----");
        assertThat(ServerIdentity.load(first).certificate().getSubjectX500Principal().getName()).contains("localhost");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("cerulean.crt", "cerulean.key");
        }
    }

    @Test
    void theKeyIsReadableByItsOwnerOnly() throws Exception {
        TlsConfig config = SelfSignedCertificate.keptIn(temp.resolve("tls"), clock(NOW));

        if (temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertThat(Files.getPosixFilePermissions(config.privateKeyFile()))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
            assertThat(Files.getPosixFilePermissions(config.certificateFile()))
                    .as("the certificate is public").contains(PosixFilePermission.OWNER_READ);
        }
    }

    @Test
    void anExpiredCertificateIsReplaced() throws Exception {
        Path dir = temp.resolve("tls");
        TlsConfig config = SelfSignedCertificate.keptIn(dir, clock(NOW));
        byte[] old = Files.readAllBytes(config.certificateFile());

        Instant elevenYearsLater = NOW.plus(Duration.ofDays(11 * 365));
        SelfSignedCertificate.keptIn(dir, clock(elevenYearsLater));

        assertThat(Files.readAllBytes(config.certificateFile())).isNotEqualTo(old);
        assertThat(ServerIdentity.load(config).certificate().getNotAfter().toInstant()).isAfter(elevenYearsLater);
    }

    @Test
    void aCertificateWithoutItsKeyIsGeneratedAgain() throws Exception {
        Path dir = temp.resolve("tls");
        TlsConfig config = SelfSignedCertificate.keptIn(dir, clock(NOW));
        byte[] old = Files.readAllBytes(config.certificateFile());
        Files.delete(config.privateKeyFile());

        SelfSignedCertificate.keptIn(dir, clock(NOW));

        assertThat(Files.readAllBytes(config.certificateFile())).isNotEqualTo(old);
        assertThat(ServerIdentity.load(config)).isNotNull();
    }

    @Test
    void aDamagedKeptCertificateIsAConfigurationErrorThatSaysWhatToDo() throws Exception {
        Path dir = temp.resolve("tls");
        TlsConfig config = SelfSignedCertificate.keptIn(dir, clock(NOW));
        Files.writeString(config.certificateFile(), "garbage");

        InvalidTlsConfigException e = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> SelfSignedCertificate.keptIn(dir, clock(NOW)));

        assertThat(e).hasMessageContaining(config.certificateFile().toString()).hasMessageContaining("delete " + dir);
        assertThat(Files.readString(config.certificateFile())).as("left for the operator to look at").isEqualTo("garbage");
    }

    @Test
    void aDirectoryThatCannotBeCreatedIsAConfigurationError() throws Exception {
        Path file = Files.writeString(temp.resolve("a-file"), "x");

        InvalidTlsConfigException e = catchThrowableOfType(InvalidTlsConfigException.class,
                () -> SelfSignedCertificate.keptIn(file.resolve("tls"), clock(NOW)));

        assertThat(e).hasMessageContaining("cannot write a self-signed certificate into");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    private static Clock clock(Instant now) {
        return Clock.fixed(now, ZoneOffset.UTC);
    }
}
