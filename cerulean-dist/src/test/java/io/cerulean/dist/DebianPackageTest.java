package io.cerulean.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Debian package, read with dpkg-deb and unpacked into a scratch directory (never installed on
 * this machine). Skipped where dpkg-deb is missing, as the build then makes no package.
 */
class DebianPackageTest {
    private static final Pattern VARIABLE = Pattern.compile("^#?(CERULEAN_[A-Z_]+)=", Pattern.MULTILINE);

    @TempDir
    static Path scratch;
    static Path deb;
    static Path root;

    @BeforeAll
    static void unpack() throws IOException {
        assumeTrue(Command.onPath("dpkg-deb"), "dpkg-deb is not on this machine: no Debian package to test");
        deb = Distribution.debianPackage();
        root = Files.createDirectories(scratch.resolve("root"));
        Command extract = Command.run("dpkg-deb", "-x", deb.toString(), root.toString());
        assertThat(extract.exit()).as(extract.output()).isZero();
    }

    @Test
    void controlFieldsNameThePackageAndOnlyTheLibrariesTheRuntimeLoads() {
        assertThat(field("Package")).isEqualTo("cerulean");
        assertThat(field("Version")).isEqualTo(Distribution.VERSION);
        assertThat(field("Architecture")).isIn("amd64", "arm64");
        assertThat(field("Depends")).isEqualTo("adduser, libc6 (>= 2.34), libgcc-s1, libstdc++6, zlib1g");
        assertThat(Integer.parseInt(field("Installed-Size"))).isGreaterThan(100_000);
    }

    @Test
    void installsUnderOptWithTheCommandLinkedIntoUsrBinTheUnitAndTheSettings() {
        Command contents = Command.run("dpkg-deb", "--contents", deb.toString());
        assertThat(contents.exit()).as(contents.output()).isZero();

        assertThat(contents.output().lines())
                .anyMatch(line -> line.startsWith("lrwxrwxrwx root/root")
                        && line.endsWith("./usr/bin/cerulean -> /opt/cerulean/bin/cerulean"))
                .anyMatch(line -> line.startsWith("-rwxr-xr-x root/root") && line.endsWith("./opt/cerulean/bin/cerulean"))
                .anyMatch(line -> line.startsWith("-rwxr-xr-x root/root") && line.endsWith("./opt/cerulean/runtime/bin/java"))
                .anyMatch(line -> line.endsWith("./opt/cerulean/lib/cerulean-" + Distribution.VERSION + ".jar"))
                .anyMatch(line -> line.startsWith("-rw-r--r-- root/root") && line.endsWith("./lib/systemd/system/cerulean.service"))
                .anyMatch(line -> line.startsWith("-rw-r--r-- root/root") && line.endsWith("./etc/default/cerulean"))
                .allMatch(line -> line.contains(" root/root "));
    }

    @Test
    void theSettingsAreAConffileAndTheMaintainerScriptsAreShellThatParses() throws IOException {
        Command conffiles = Command.run("dpkg-deb", "--info", deb.toString(), "conffiles");
        assertThat(conffiles.exit()).as(conffiles.output()).isZero();
        assertThat(conffiles.output().lines()).containsExactly("/etc/default/cerulean");

        Path control = scratch.resolve("control");
        Command extract = Command.run("dpkg-deb", "--control", deb.toString(), control.toString());
        assertThat(extract.exit()).as(extract.output()).isZero();
        for (String script : new String[] {"postinst", "prerm", "postrm"}) {
            assertThat(control.resolve(script)).isExecutable();
            Command parse = Command.run("sh", "-n", control.resolve(script).toString());
            assertThat(parse.exit()).as(script + ": " + parse.output()).isZero();
        }
    }

    @Test
    void theSettingsFileNamesOnlyVariablesServeReads() throws IOException {
        String settings = Files.readString(root.resolve("etc/default/cerulean"), StandardCharsets.UTF_8);
        Set<String> named = VARIABLE.matcher(settings).results().map(m -> m.group(1)).collect(Collectors.toSet());
        String sources;
        try (Stream<Path> files = Files.walk(Path.of("../cerulean-app/src/main/java"))) {
            sources = files.filter(p -> p.toString().endsWith(".java")).map(DebianPackageTest::read)
                    .collect(Collectors.joining("\n"));
        }

        assertThat(named).contains("CERULEAN_DATA_DIR", "CERULEAN_HOST", "CERULEAN_ACCOUNTS");
        assertThat(named).allMatch(name -> sources.contains("env:" + name + ":") || sources.contains("env:" + name + "}")
                || sources.contains("\"" + name + "\""), "read by cerulean serve");
    }

    @Test
    void theUnitVerifies() throws IOException {
        assumeTrue(Command.onPath("systemd-analyze"), "systemd-analyze is not on this machine: the unit is not verified");
        // verify wants ExecStart's program to exist: the unpacked launcher stands in for /usr/bin/cerulean.
        String unit = Files.readString(root.resolve("lib/systemd/system/cerulean.service"), StandardCharsets.UTF_8);
        assertThat(unit).contains("\nExecStart=/usr/bin/cerulean serve\n", "\nEnvironmentFile=-/etc/default/cerulean\n",
                "\nStateDirectory=cerulean\n", "\nUser=cerulean\n", "\nKillSignal=SIGTERM\n", "\nRestart=on-failure\n");
        Path copy = Files.createDirectories(scratch.resolve("unit")).resolve("cerulean.service");
        Files.writeString(copy, unit.replace("ExecStart=/usr/bin/cerulean ",
                "ExecStart=" + root.resolve("opt/cerulean/bin/cerulean") + " "));

        Command verify = Command.run("systemd-analyze", "verify", "--man=no", copy.toString());

        // verify exits 0 on an unknown key or a bad value too, and only says so: no output is the pass.
        assertThat(verify.exit()).as(verify.output()).isZero();
        assertThat(verify.output()).isEmpty();
    }

    @Test
    void theUnpackedLauncherRunsWithoutAJava() {
        Command version = Command.run(Command.withoutJava(scratch), root.resolve("opt/cerulean/bin/cerulean").toString(),
                "--version");

        assertThat(version.exit()).as(version.output()).isZero();
        assertThat(version.output()).isEqualTo("cerulean " + Distribution.VERSION + "\n");
    }

    private static String field(String name) {
        Command field = Command.run("dpkg-deb", "--field", deb.toString(), name);
        assertThat(field.exit()).as(field.output()).isZero();
        return field.output().strip();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
