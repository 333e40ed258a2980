package io.cerulean.console;

import java.util.Optional;

/**
 * Where the console lives in a port's URL space, recognised here alone. No account name starts with
 * {@code $}, so these paths never shadow one:
 * <ul>
 *   <li>{@code /$console}, {@code /$console/} and {@code /$console/<file>}: the app's files;</li>
 *   <li>{@code /$console/api/<service>/<the service's own path>}: the relay to a service's pipeline.</li>
 * </ul>
 */
public final class ConsolePaths {
    public static final String ROOT = "/$console";
    static final String API = ROOT + "/api/";

    private ConsolePaths() {
    }

    /** Whether {@code rawPath} is the console's: its files or its relay. */
    public static boolean isConsole(String rawPath) {
        return rawPath.equals(ROOT) || rawPath.startsWith(ROOT + "/");
    }

    /** The service a relay path names ({@code table}, {@code queue}, {@code blob}), and the path it is sent on. */
    static Optional<Relayed> relayed(String rawPath) {
        if (!rawPath.startsWith(API)) {
            return Optional.empty();
        }
        int slash = rawPath.indexOf('/', API.length());
        if (slash < 0) {
            return Optional.empty();
        }
        return Optional.of(new Relayed(rawPath.substring(API.length(), slash), rawPath.substring(slash)));
    }

    /** The file a path names: {@code index.html} for the root, else the name after {@code /$console/}. */
    static String fileName(String rawPath) {
        if (rawPath.equals(ROOT) || rawPath.equals(ROOT + "/")) {
            return "index.html";
        }
        return rawPath.substring(ROOT.length() + 1);
    }

    /**
     * A relay path taken apart.
     *
     * @param service the service's name in the path
     * @param path    the service's own path, from its first slash ({@code /devstoreaccount1/Tables})
     */
    record Relayed(String service, String path) {
    }
}
