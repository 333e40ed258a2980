package io.cerulean.console;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The app's files, read once from the classpath ({@code io/cerulean/console/app/}, listed in its
 * {@code files}) and served from memory, each with its content type and an ETag of its bytes, so a
 * browser revalidates ({@code Cache-Control: no-cache}) and gets a 304 while the server is the same.
 */
final class ConsoleFiles {
    private static final String DIRECTORY = "/io/cerulean/console/app/";

    private final Map<String, File> files;

    private ConsoleFiles(Map<String, File> files) {
        this.files = files;
    }

    /** The files the jar ships. */
    static ConsoleFiles load() {
        Map<String, File> files = new TreeMap<>();
        for (String name : new String(read("files"), StandardCharsets.UTF_8).split("\n")) {
            String trimmed = name.trim();
            if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                byte[] bytes = read(trimmed);
                files.put(trimmed, new File(bytes, contentType(trimmed), etag(bytes)));
            }
        }
        return new ConsoleFiles(files);
    }

    /** A GET or HEAD of {@code name}: the file, 304 if the browser has it, or 404 when there is none. */
    AzureResponse answer(AzureRequest request, String name) {
        if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            return text(405, "The console's files are only read.").header("Allow", "GET, HEAD");
        }
        File file = files.get(name);
        if (file == null) {
            return text(404, "The console has no such file.");
        }
        if (file.etag().equals(request.header("If-None-Match"))) {
            return AzureResponse.status(304).header("ETag", file.etag()).header("Cache-Control", "no-cache");
        }
        AzureResponse found = AzureResponse.status(200).header("ETag", file.etag()).header("Cache-Control", "no-cache");
        if (request.method().equals("HEAD")) {
            return found.header("Content-Type", file.contentType()).declaredLength(file.bytes().length);
        }
        return found.body(file.contentType(), file.bytes());
    }

    /** A short plain-text answer of the console's own. */
    static AzureResponse text(int status, String message) {
        return AzureResponse.status(status).header("Cache-Control", "no-store")
                .body("text/plain; charset=utf-8", (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static String contentType(String name) {
        String extension = name.substring(name.lastIndexOf('.') + 1);
        return switch (extension) {
            case "html" -> "text/html; charset=utf-8";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "svg" -> "image/svg+xml";
            case "png" -> "image/png";
            case "ico" -> "image/x-icon";
            default -> throw new IllegalStateException("the console ships no ." + extension + " file: " + name);
        };
    }

    private static String etag(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\"" + HexFormat.of().formatHex(digest, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] read(String name) {
        try (InputStream in = ConsoleFiles.class.getResourceAsStream(DIRECTORY + name)) {
            if (in == null) {
                throw new IllegalStateException("the console's file " + name + " is missing from the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record File(byte[] bytes, String contentType, String etag) {
    }
}
