package io.cerulean.tools.endpoint;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.storage.blob.BlobServiceAsyncClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a data tool reads or writes: an account given by a connection string, as the SDKs and the
 * Azure CLI take it, or by a URL that carries a SAS.
 *
 * <p>A SAS URL names one service's endpoint, possibly with a resource after it
 * ({@code https://acct.blob.core.windows.net/photos?sv=...}, or path-style
 * {@code http://127.0.0.1:10000/devstoreaccount1/photos?sv=...}); its {@link #resource} is that
 * path's first segment after the account, if any. Path-style is told as Cerulean and Azurite tell
 * it: a host that is an IP address or {@code localhost}.
 */
public final class StorageEndpoint {
    /** The variable the Azure CLI reads a connection string from. */
    public static final String CONNECTION_STRING_VARIABLE = "AZURE_STORAGE_CONNECTION_STRING";

    private final String connectionString;
    private final URI serviceUrl;
    private final String sas;
    private final String resource;

    private StorageEndpoint(String connectionString, URI serviceUrl, String sas, String resource) {
        this.connectionString = connectionString;
        this.serviceUrl = serviceUrl;
        this.sas = sas;
        this.resource = resource;
    }

    /**
     * A connection string ({@code AccountName=...;AccountKey=...}, {@code UseDevelopmentStorage=true})
     * or an {@code http(s)} URL with a SAS query.
     *
     * @throws IllegalArgumentException with a message for the user, when it is neither
     */
    public static StorageEndpoint parse(String text) {
        String trimmed = text.trim();
        String lower = trimmed.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            return fromUrl(trimmed);
        }
        if (trimmed.contains("=")) {
            return new StorageEndpoint(trimmed, null, null, null);
        }
        throw new IllegalArgumentException("not a connection string nor an http(s) URL: " + abbreviated(trimmed));
    }

    private static StorageEndpoint fromUrl(String text) {
        URI uri;
        try {
            uri = URI.create(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: " + e.getMessage());
        }
        String query = uri.getRawQuery();
        if (query == null || !query.contains("sig=")) {
            throw new IllegalArgumentException("a URL needs a SAS (a query with sig=...): " + withoutQuery(uri));
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String[] segments = path.replaceAll("^/+", "").split("/", -1);
        int accountSegments = pathStyle(uri.getHost()) ? 1 : 0;
        StringBuilder service = new StringBuilder();
        for (int i = 0; i < accountSegments && i < segments.length; i++) {
            if (!segments[i].isEmpty()) {
                service.append('/').append(segments[i]);
            }
        }
        String resource = segments.length > accountSegments && !segments[accountSegments].isEmpty()
                ? segments[accountSegments] : null;
        URI serviceUrl = URI.create(uri.getScheme() + "://" + uri.getRawAuthority() + service);
        return new StorageEndpoint(null, serviceUrl, query, resource);
    }

    private static boolean pathStyle(String host) {
        if (host == null) {
            return true;
        }
        return host.equals("localhost") || host.startsWith("[") || host.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }

    /** The table, queue or container a SAS URL names after its account, if any. */
    public Optional<String> resource() {
        return Optional.ofNullable(resource);
    }

    /** The service URL a SAS URL gives (without its resource and its SAS); empty for a connection string. */
    public Optional<URI> serviceUrl() {
        return Optional.ofNullable(serviceUrl);
    }

    /** A parameter of a SAS URL's query (e.g. {@code sr}, {@code ss}, {@code tn}), if there is one. */
    public Optional<String> sasParameter(String name) {
        if (sas == null) {
            return Optional.empty();
        }
        for (String part : sas.split("&")) {
            int equals = part.indexOf('=');
            if (equals > 0 && part.substring(0, equals).equalsIgnoreCase(name)) {
                return Optional.of(java.net.URLDecoder.decode(part.substring(equals + 1), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    public TableServiceClient tables() {
        TableServiceClientBuilder builder = new TableServiceClientBuilder();
        if (connectionString != null) {
            return builder.connectionString(connectionString).buildClient();
        }
        return builder.endpoint(serviceUrl.toString()).sasToken(sas).buildClient();
    }

    public QueueServiceClient queues() {
        QueueServiceClientBuilder builder = new QueueServiceClientBuilder();
        if (connectionString != null) {
            return builder.connectionString(connectionString).buildClient();
        }
        return builder.endpoint(serviceUrl.toString()).sasToken(sas).buildClient();
    }

    public BlobServiceClient blobs() {
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder();
        if (connectionString != null) {
            return builder.connectionString(connectionString).buildClient();
        }
        return builder.endpoint(serviceUrl.toString()).sasToken(sas).buildClient();
    }

    /** The same, asynchronous: for streaming a blob's bytes from one endpoint to another without holding them. */
    public BlobServiceAsyncClient blobsAsync() {
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder();
        if (connectionString != null) {
            return builder.connectionString(connectionString).buildAsyncClient();
        }
        return builder.endpoint(serviceUrl.toString()).sasToken(sas).buildAsyncClient();
    }

    /** What the endpoint is, for messages: never its key nor its signature. */
    @Override
    public String toString() {
        if (serviceUrl != null) {
            return serviceUrl + (resource == null ? "" : "/" + resource) + " (SAS)";
        }
        return "account " + setting("AccountName").orElse(connectionString.contains("UseDevelopmentStorage")
                ? "devstoreaccount1" : "?") + " (connection string)";
    }

    private Optional<String> setting(String name) {
        for (String part : connectionString.split(";")) {
            int equals = part.indexOf('=');
            if (equals > 0 && part.substring(0, equals).trim().equalsIgnoreCase(name)) {
                return Optional.of(part.substring(equals + 1).trim());
            }
        }
        return Optional.empty();
    }

    private static String withoutQuery(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority() + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    private static String abbreviated(String text) {
        // A mistyped connection string may hold a key: show only its start.
        return text.length() <= 12 ? text : text.substring(0, 12) + "...";
    }

}
