package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code cerulean serve --oauth-*} as its users run it: the help, the loud insecure mode, bad settings. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OAuthCommandLineTest {
    @TempDir
    Path temp;

    @Test
    void theHelpDescribesTheOAuthOptions() {
        ServerProcess.Exited exited = ServerProcess.launch().port(null).args("--help").run();

        assertThat(exited.code()).isZero();
        assertThat(exited.output()).contains("--oauth-jwks=FILE|URL", "--oauth-issuer=URL", "--oauth-roles=FILE",
                "--oauth-insecure-accept-any", "DANGEROUS");
    }

    @Test
    void theInsecureModeIsAnnouncedAsADangerAtStart() {
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp)
                .env("CERULEAN_OAUTH_INSECURE_ACCEPT_ANY", "true").start()) {
            assertThat(server.output()).contains("WARN").contains("ANY bearer token is accepted with full access")
                    .contains("local tests only");
        }
    }

    @Test
    void unusableOAuthSettingsExit4WithAMessageNamingThem() throws IOException {
        Path keys = Files.writeString(temp.resolve("jwks.json"), "{\"keys\":[]}");
        Path notKeys = Files.writeString(temp.resolve("not-keys.json"), "[1, 2]");
        Path badRoles = Files.writeString(temp.resolve("roles.txt"), "someone Storage Table Data Writer\n");

        record Case(List<String> args, String message) {
        }
        List<Case> cases = List.of(
                new Case(List.of("--oauth-jwks", keys.toString(), "--oauth-insecure-accept-any"), "cannot be combined"),
                new Case(List.of("--oauth-jwks", notKeys.toString()), notKeys.toString()),
                new Case(List.of("--oauth-jwks", keys.toString(), "--oauth-roles", badRoles.toString()),
                        "'Storage Table Data Writer' is not a data role"),
                new Case(List.of("--oauth-issuer", "http://login.example.com/tenant/"), "must be an https URL"));
        for (Case c : cases) {
            ServerProcess.Exited exited = ServerProcess.launch().inMemory().workDir(temp)
                    .args(c.args().toArray(String[]::new)).run();

            String describe = "\n  args: " + c.args() + "\n  output:\n" + exited.output().indent(4);
            assertThat(exited.code()).as("exit code%s", describe).isEqualTo(4);
            assertThat(exited.stderr()).as("message%s", describe).contains(c.message());
            assertThat(exited.output()).as("no stack trace%s", describe).doesNotContain("\tat ");
        }
    }
}
