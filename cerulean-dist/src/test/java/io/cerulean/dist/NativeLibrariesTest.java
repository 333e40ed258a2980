package io.cerulean.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The package's Depends names exactly the system libraries that the runtime and the jar's native
 * libraries (RocksDB, Netty's epoll) load. java.desktop's own native libraries are left out: they
 * need X11, fonts and sound, and load only for a GUI or for image and font work, which Cerulean
 * never does (its module is in the runtime for java.beans).
 */
class NativeLibrariesTest {
    private static final Set<String> DESKTOP = Set.of("libawt.so", "libawt_headless.so", "libawt_xawt.so",
            "libfontmanager.so", "libjavajpeg.so", "libjawt.so", "libjsound.so", "liblcms.so", "libmlib_image.so",
            "libsplashscreen.so");
    /** The Debian package that provides each system library. */
    private static final Map<String, String> PACKAGES = Map.of(
            "libc.so.6", "libc6", "libm.so.6", "libc6", "libdl.so.2", "libc6", "libpthread.so.0", "libc6",
            "librt.so.1", "libc6", "ld-linux-x86-64.so.2", "libc6", "ld-linux-aarch64.so.1", "libc6",
            "libz.so.1", "zlib1g", "libstdc++.so.6", "libstdc++6", "libgcc_s.so.1", "libgcc-s1");
    private static final Pattern NEEDED = Pattern.compile("\\(NEEDED\\)\\s+Shared library: \\[([^]]+)]");

    @TempDir
    static Path scratch;
    static Path home;

    @BeforeAll
    static void unpack() throws IOException {
        assumeTrue(Command.onPath("dpkg-deb"), "dpkg-deb is not on this machine: no Debian package to test");
        assumeTrue(Command.onPath("readelf"), "readelf is not on this machine: the libraries cannot be read");
        Path root = Files.createDirectories(scratch.resolve("root"));
        Command extract = Command.run("dpkg-deb", "-x", Distribution.debianPackage().toString(), root.toString());
        assertThat(extract.exit()).as(extract.output()).isZero();
        home = root.resolve("opt/cerulean");
    }

    @Test
    void dependsNamesThePackagesOfEveryLibraryLoaded() throws IOException {
        Set<String> own;
        Set<Path> libraries = new TreeSet<>();
        try (Stream<Path> files = Files.walk(home.resolve("runtime/lib"))) {
            files.filter(p -> p.toString().endsWith(".so")).forEach(libraries::add);
        }
        own = libraries.stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        libraries.removeIf(p -> DESKTOP.contains(p.getFileName().toString()));
        libraries.addAll(jarNatives());

        Map<String, String> unknown = new TreeMap<>();
        Set<String> packages = new TreeSet<>();
        for (Path library : libraries) {
            Command dynamic = Command.run("readelf", "-d", library.toString());
            assertThat(dynamic.exit()).as(dynamic.output()).isZero();
            NEEDED.matcher(dynamic.output()).results().map(m -> m.group(1)).filter(name -> !own.contains(name))
                    .forEach(name -> {
                        if (PACKAGES.containsKey(name)) {
                            packages.add(PACKAGES.get(name));
                        } else {
                            unknown.put(name, library.getFileName().toString());
                        }
                    });
        }

        assertThat(unknown).as("libraries from no package in Depends").isEmpty();
        Command depends = Command.run("dpkg-deb", "--field", Distribution.debianPackage().toString(), "Depends");
        Set<String> declared = Arrays.stream(depends.output().strip().split(",\\s*"))
                .map(d -> d.split(" ")[0]).filter(d -> !d.equals("adduser")).collect(Collectors.toSet());
        assertThat(declared).isEqualTo(packages);
    }

    /**
     * RocksDB's and Netty's native libraries for this machine, as they unpack them from the jar
     * (Netty's epoll library is in it for x86-64 only; elsewhere Netty serves through Java's NIO).
     */
    private static Set<Path> jarNatives() throws IOException {
        Path jar = home.resolve("lib/cerulean-" + Distribution.VERSION + ".jar");
        String arch = System.getProperty("os.arch").equals("aarch64") ? "aarch64" : "x86_64";
        Set<String> names = Set.of(arch.equals("aarch64") ? "librocksdbjni-linux-aarch64.so" : "librocksdbjni-linux64.so",
                "META-INF/native/libnetty_transport_native_epoll_" + arch + ".so");
        Set<Path> natives = new TreeSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (String name : names) {
                ZipEntry entry = zip.getEntry(name);
                if (entry == null && name.contains("netty") && arch.equals("aarch64")) {
                    continue;
                }
                assertThat(entry).as(name + " in the jar").isNotNull();
                Path out = scratch.resolve(Path.of(name).getFileName().toString());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, out);
                }
                natives.add(out);
            }
        }
        return natives;
    }
}
