package io.cerulean.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tarball unpacked into an empty directory runs on the Java runtime inside it, on a machine
 * that has no Java: no JAVA_HOME, and no java on the PATH.
 */
class TarballTest {
    static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    @TempDir
    static Path scratch;
    static Path home;
    static Map<String, String> noJava;

    @BeforeAll
    static void unpack() throws IOException {
        Path unpacked = Files.createDirectories(scratch.resolve("unpacked"));
        Command tar = Command.run("tar", "-C", unpacked.toString(), "-xzf", Distribution.tarball().toString());
        assertThat(tar.exit()).as(tar.output()).isZero();
        home = unpacked.resolve(Distribution.directoryName());
        noJava = Command.withoutJava(scratch);
    }

    @Test
    void unpacksToTheLauncherTheJarAndARuntime() throws IOException {
        try (var entries = Files.list(home)) {
            assertThat(entries.map(p -> p.getFileName().toString()).collect(Collectors.toSet()))
                    .containsExactlyInAnyOrder("bin", "lib", "runtime", "README.md");
        }
        assertThat(home.resolve("bin/cerulean")).isExecutable();
        assertThat(home.resolve("lib/cerulean-" + Distribution.VERSION + ".jar")).isRegularFile();
        assertThat(home.resolve("runtime/bin/java")).isExecutable();
    }

    @Test
    void versionRunsWithoutAJavaOnTheMachine() {
        Command version = Command.run(noJava, home.resolve("bin/cerulean").toString(), "--version");

        assertThat(version.exit()).as(version.output()).isZero();
        assertThat(version.output()).isEqualTo("cerulean " + Distribution.VERSION + "\n");
    }

    @Test
    void theRuntimeIsCutToTheModulesCeruleanNeeds() {
        Command modules = Command.run(noJava, home.resolve("runtime/bin/java").toString(), "--list-modules");

        assertThat(modules.exit()).as(modules.output()).isZero();
        List<String> names = modules.output().lines().map(line -> line.split("@")[0]).toList();
        assertThat(names).contains("java.base", "java.sql", "java.management", "jdk.crypto.ec", "jdk.unsupported")
                .doesNotContain("java.compiler", "jdk.compiler", "jdk.jshell", "java.rmi");
    }

    @Test
    void servesOnRocksDbThroughALinkAndStopsOnSigterm() throws Exception {
        // As /usr/bin/cerulean does: a link elsewhere, relative, that the launcher follows home.
        Path links = Files.createDirectories(scratch.resolve("links"));
        Path link = links.resolve("cerulean");
        Files.createSymbolicLink(link, links.relativize(home.resolve("bin/cerulean")));
        Path dataDir = scratch.resolve("data");

        try (RunningServer server = RunningServer.start(noJava, scratch.resolve("serve.log"), List.of(link.toString(), "serve", "--port", "0",
                "--data-dir", dataDir.toString(), "--tls"))) {
            TableServiceClient service = new TableServiceClientBuilder()
                    .connectionString("DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey="
                            + DEV_KEY + ";TableEndpoint=" + server.tableEndpoint() + "/devstoreaccount1;")
                    .buildClient();
            TableClient orders = service.createTable("orders");
            orders.createEntity(new TableEntity("north", "1").addProperty("Total", 42));

            assertThat(orders.getEntity("north", "1").getProperty("Total")).isEqualTo(42);
            assertThat(service.listTables().stream().map(t -> t.getName())).containsExactly("orders");
            // The self-signed certificate (an EC key) was made and HTTPS answers on the same port.
            assertThat(httpsStatus(server.tablePort(), "/devstoreaccount1/Tables")).isEqualTo(403);
            // The cut runtime has what the health checks and the JVM's and the process's meters read.
            assertThat(httpsStatus(server.tablePort(), "/$health/ready")).isEqualTo(200);
            assertThat(httpsBody(server.tablePort(), "/$metrics")).contains("process_cpu_usage",
                    "jvm_memory_used_bytes", "cerulean_store_commit_seconds_count", "cerulean_rocksdb_memtable_bytes");

            assertThat(server.terminate()).as(server.output()).isZero();
            assertThat(server.output()).contains("RocksDB in " + dataDir, "stopped");
        }
    }

    /** The status of an unauthenticated GET over HTTPS, trusting the server's self-signed certificate. */
    private static int httpsStatus(int port, String path) throws Exception {
        HttpsURLConnection connection = https(port, path);
        try {
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }

    /** The body of a successful unauthenticated GET over HTTPS. */
    private static String httpsBody(int port, String path) throws Exception {
        HttpsURLConnection connection = https(port, path);
        try (var body = connection.getInputStream()) {
            return new String(body.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }

    private static HttpsURLConnection https(int port, String path) throws Exception {
        TrustManager trustAll = new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {trustAll}, new SecureRandom());
        HttpsURLConnection connection = (HttpsURLConnection) new URL("https://127.0.0.1:" + port + path).openConnection();
        connection.setSSLSocketFactory(context.getSocketFactory());
        connection.setHostnameVerifier((host, session) -> true);
        return connection;
    }
}
