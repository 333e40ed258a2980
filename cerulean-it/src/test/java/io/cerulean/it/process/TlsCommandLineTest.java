package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.http.tls.SelfSignedCertificate;
import io.cerulean.http.tls.TlsConfig;
import io.cerulean.it.support.TlsClients;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code cerulean serve} with HTTPS, as its users run it: the kept certificate, given files, bad files. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TlsCommandLineTest {
    private static final Pattern HTTPS_LINE =
            Pattern.compile("HTTPS is on, on the same port: (https://\\S+) with the certificate (\\S+)");

    @TempDir
    Path temp;

    @Test
    void tlsGeneratesACertificateIntoTheDataDirectoryOnceAndKeepsIt() throws IOException {
        Path dataDir = temp.resolve("cerulean-proc-tls-data");
        Path certificate = dataDir.resolve("tls").resolve("cerulean.crt");
        byte[] first;
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).args("--tls").start()) {
            assertThat(httpsLine(server).group(2)).isEqualTo(certificate.toAbsolutePath().toString());
            assertThat(server.output()).contains("generated a self-signed certificate");
            first = Files.readAllBytes(certificate);
            Path key = dataDir.resolve("tls").resolve("cerulean.key");
            assertThat(Files.getPosixFilePermissions(key))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

            overHttps(server, certificate).createTable("kept");
            assertThat(server.serviceClient().listTables()).as("plain HTTP on the same port")
                    .extracting(t -> t.getName()).containsExactly("kept");
            server.terminate(ServerProcess.EXIT_TIMEOUT);
        }
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).env("CERULEAN_TLS", "true").start()) {
            assertThat(Files.readAllBytes(certificate)).as("the same certificate after a restart").isEqualTo(first);
            assertThat(server.output()).doesNotContain("generated a self-signed certificate");
            assertThat(overHttps(server, certificate).listTables()).extracting(t -> t.getName()).containsExactly("kept");
        }
    }

    @Test
    void givenFilesFromTheEnvironmentServeHttpsAndInMemoryWritesNothing() throws IOException {
        Path certs = Files.createDirectory(temp.resolve("certs"));
        TlsConfig files = SelfSignedCertificate.keptIn(certs, Clock.systemUTC());
        Path work = Files.createDirectory(temp.resolve("work"));
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(work)
                .env("CERULEAN_TLS_CERT", files.certificateFile().toString())
                .env("CERULEAN_TLS_KEY", files.privateKeyFile().toString()).start()) {
            assertThat(httpsLine(server).group(2)).isEqualTo(files.certificateFile().toAbsolutePath().toString());
            assertThat(server.output()).doesNotContain("self-signed");

            TableServiceClient client = overHttps(server, files.certificateFile());
            client.createTable("given");
            client.getTableClient("given").createEntity(new TableEntity("p", "r"));
            assertThat(client.getTableClient("given").getEntity("p", "r").getRowKey()).isEqualTo("r");
        }
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left).as("files left in the working directory").isEmpty();
        }
    }

    @Test
    void inMemoryTlsKeepsItsCertificateOnlyWhileItRuns() {
        Path certificate;
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp).args("--tls").start()) {
            certificate = Path.of(httpsLine(server).group(2));
            assertThat(certificate).exists();
            assertThat(overHttps(server, certificate).listTables()).isEmpty();
            server.terminate(ServerProcess.EXIT_TIMEOUT);
        }
        assertThat(certificate).as("removed with its key when the server stops").doesNotExist();
        assertThat(certificate.getParent()).doesNotExist();
    }

    @Test
    void unusableCertificateOrKeyFilesExit4WithAMessageNamingThem() throws IOException {
        Path certs = Files.createDirectory(temp.resolve("certs"));
        TlsConfig good = SelfSignedCertificate.keptIn(certs, Clock.systemUTC());
        TlsConfig other = SelfSignedCertificate.keptIn(Files.createDirectory(temp.resolve("other")), Clock.systemUTC());
        Path missing = temp.resolve("no-such.crt");
        Path notPem = Files.writeString(temp.resolve("not-pem.crt"), "hello");

        record Case(List<String> args, String message) {
        }
        List<Case> cases = List.of(
                new Case(List.of("--tls-cert", missing.toString(), "--tls-key", good.privateKeyFile().toString()),
                        missing + " does not exist"),
                new Case(List.of("--tls-cert", notPem.toString(), "--tls-key", good.privateKeyFile().toString()),
                        notPem + " holds no PEM certificate"),
                new Case(List.of("--tls-cert", good.certificateFile().toString(), "--tls-key",
                        other.privateKeyFile().toString()), "does not belong to the certificate"),
                new Case(List.of("--tls-cert", good.certificateFile().toString()), "--tls-cert and --tls-key"));
        for (Case c : cases) {
            ServerProcess.Exited exited = ServerProcess.launch().inMemory().workDir(temp)
                    .args(c.args().toArray(String[]::new)).run();

            String describe = "\n  args: " + c.args() + "\n  output:\n" + exited.output().indent(4);
            assertThat(exited.code()).as("exit code%s", describe).isEqualTo(4);
            assertThat(exited.stderr()).as("message%s", describe).contains(c.message());
            assertThat(exited.output()).as("no stack trace%s", describe).doesNotContain("\tat ");
        }
    }

    private static Matcher httpsLine(ServerProcess server) {
        Matcher m = HTTPS_LINE.matcher(server.output());
        assertThat(m.find()).as("the HTTPS line%s", server.describe()).isTrue();
        assertThat(m.group(1)).isEqualTo(server.baseUrl().replace("http://", "https://") + "/devstoreaccount1");
        return m;
    }

    private static TableServiceClient overHttps(ServerProcess server, Path certificate) {
        String https = server.baseUrl().replace("http://", "https://");
        return new TableServiceClientBuilder()
                .connectionString(ServerProcess.connectionString(https, ServerProcess.DEV_ACCOUNT, ServerProcess.DEV_KEY)
                        .replace("DefaultEndpointsProtocol=http;", "DefaultEndpointsProtocol=https;"))
                .httpClient(TlsClients.sdkHttpClient(certificate)).retryOptions(ServerProcess.noRetries()).buildClient();
    }
}
