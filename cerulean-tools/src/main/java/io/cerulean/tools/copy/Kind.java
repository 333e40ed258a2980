package io.cerulean.tools.copy;

import io.cerulean.tools.endpoint.StorageEndpoint;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/** What a copy moves: a table, a queue or a container. */
public enum Kind {
    TABLE("table"), QUEUE("queue"), CONTAINER("container");

    private final String word;

    Kind(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /**
     * The service a SAS URL is for, where the URL tells: the host ({@code acct.blob.core.windows.net}),
     * the SAS ({@code sr=c}: a container; {@code tn=}: a table; {@code ss=} naming one service), else the
     * port Azurite and Cerulean serve it on (10000 blobs, 10001 queues, 10002 tables).
     */
    static Optional<Kind> of(StorageEndpoint endpoint) {
        Optional<URI> url = endpoint.serviceUrl();
        if (url.isEmpty()) {
            return Optional.empty();
        }
        String host = url.get().getHost() == null ? "" : url.get().getHost().toLowerCase(Locale.ROOT);
        if (host.contains(".blob.")) {
            return Optional.of(CONTAINER);
        }
        if (host.contains(".queue.")) {
            return Optional.of(QUEUE);
        }
        if (host.contains(".table.")) {
            return Optional.of(TABLE);
        }
        if (endpoint.sasParameter("sr").isPresent()) {
            return Optional.of(CONTAINER);
        }
        if (endpoint.sasParameter("tn").isPresent()) {
            return Optional.of(TABLE);
        }
        Optional<String> services = endpoint.sasParameter("ss");
        if (services.isPresent() && services.get().length() == 1) {
            switch (services.get()) {
                case "b": return Optional.of(CONTAINER);
                case "q": return Optional.of(QUEUE);
                case "t": return Optional.of(TABLE);
                default: break;
            }
        }
        return switch (url.get().getPort()) {
            case 10000 -> Optional.of(CONTAINER);
            case 10001 -> Optional.of(QUEUE);
            case 10002 -> Optional.of(TABLE);
            default -> Optional.empty();
        };
    }
}
