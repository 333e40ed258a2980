package io.cerulean.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The package's maintainer scripts, run as dpkg runs them but against stand-ins for adduser,
 * getent and systemctl that only record how they were called: nothing on this machine changes.
 * The purge (which deletes /var/lib/cerulean) is not run.
 */
class MaintainerScriptsTest {
    @TempDir
    static Path scratch;
    static Path control;

    @BeforeAll
    static void unpack() {
        assumeTrue(Command.onPath("dpkg-deb"), "dpkg-deb is not on this machine: no Debian package to test");
        control = scratch.resolve("control");
        Command extract = Command.run("dpkg-deb", "--control", Distribution.debianPackage().toString(), control.toString());
        assertThat(extract.exit()).as(extract.output()).isZero();
    }

    @Test
    void aFirstInstallationMakesTheSystemUser(@TempDir Path dir) throws IOException {
        List<String> calls = run(dir, "getent", 2, "postinst", "configure");

        assertThat(calls).contains("adduser --system --group --quiet --home /var/lib/cerulean --no-create-home "
                + "--gecos Cerulean server cerulean");
        assertThat(calls).filteredOn(call -> call.startsWith("systemctl"))
                .allMatch(call -> call.equals("systemctl --system daemon-reload"), "no start or enable");
    }

    @Test
    void anUpgradeKeepsTheUserThatIsThere(@TempDir Path dir) throws IOException {
        List<String> calls = run(dir, "getent", 0, "postinst", "configure", "0.0.9");

        assertThat(calls).noneMatch(call -> call.startsWith("adduser"));
    }

    @Test
    void aRemovalDisablesTheServiceAndAnUpgradeLeavesItRunning(@TempDir Path dir) throws IOException {
        assertThat(run(dir, "getent", 0, "prerm", "remove")).contains("systemctl disable cerulean.service");

        assertThat(run(Files.createDirectories(dir.resolve("upgrade")), "getent", 0, "prerm", "upgrade", "0.2.0"))
                .noneMatch(call -> call.startsWith("systemctl"));
    }

    /** Runs a maintainer script with {@code stub} exiting {@code stubExit}; the stand-ins' calls, in order. */
    private static List<String> run(Path dir, String stub, int stubExit, String script, String... args) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path calls = dir.resolve("calls");
        Files.createFile(calls);
        for (String name : List.of("adduser", "getent", "systemctl", "deluser", "delgroup")) {
            int exit = name.equals(stub) ? stubExit : 0;
            Path file = bin.resolve(name);
            Files.writeString(file, "#!/bin/sh\necho \"" + name + " $*\" >> \"$CALLS\"\nexit " + exit + "\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        String[] command = new String[args.length + 1];
        command[0] = control.resolve(script).toString();
        System.arraycopy(args, 0, command, 1, args.length);

        Command result = Command.run(Map.of("PATH", bin.toString(), "CALLS", calls.toString()), command);

        assertThat(result.exit()).as(result.output()).isZero();
        return Files.readAllLines(calls).stream().filter(call -> !call.startsWith("getent")).toList();
    }
}
