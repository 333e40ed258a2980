package io.cerulean.tools.copy;

import com.azure.core.util.Context;
import com.azure.storage.queue.models.QueuesSegmentOptions;
import io.cerulean.tools.endpoint.StorageEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The two ends of a copy, as the command line gives them. */
record Endpoints(Side source, Side destination) {
    /** One end: its endpoint, and the service it is limited to when it is a SAS URL. */
    record Side(StorageEndpoint endpoint, Optional<Kind> kind) {
        /** What the URL names after its account; for a table's SAS, which may name none, the SAS's table ({@code tn=}). */
        Optional<String> resource() {
            return endpoint.resource().or(() -> endpoint.sasParameter("tn"));
        }
    }

    /**
     * An endpoint argument: {@code env:NAME} reads it from the variable NAME ({@code env:} alone from
     * {@code AZURE_STORAGE_CONNECTION_STRING}), so that neither a key nor a signature need show in the
     * process list; anything else is a connection string or a SAS URL.
     */
    static Side read(String argument, String what) {
        String text = argument;
        if (argument.startsWith("env:")) {
            String variable = argument.length() == 4 ? StorageEndpoint.CONNECTION_STRING_VARIABLE : argument.substring(4);
            text = System.getenv(variable);
            if (text == null || text.isBlank()) {
                throw new IllegalArgumentException(what + ": the environment variable " + variable + " is not set");
            }
        }
        try {
            StorageEndpoint endpoint = StorageEndpoint.parse(text);
            return new Side(endpoint, Kind.of(endpoint));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage());
        }
    }

    /** The service both ends' SAS URLs agree on, when a SAS URL tells one. */
    Optional<Kind> kind() {
        return source.kind().or(destination::kind);
    }

    /** {@code --all} over a SAS URL copies its one service, and the other end must serve the same one. */
    void checkAll() {
        if (source.kind().isPresent() && destination.kind().isPresent() && source.kind().get() != destination.kind().get()) {
            throw new IllegalArgumentException("SOURCE is a " + source.kind().get().word() + " endpoint and DEST a "
                    + destination.kind().get().word() + " one");
        }
        if (source.resource().isPresent() || destination.resource().isPresent()) {
            throw new IllegalArgumentException("--all copies a whole account: give endpoints, not URLs naming a resource");
        }
    }

    /**
     * Every table, queue and container of the source (of its one service, for a SAS URL), each to the
     * same name; not those the service keeps itself ({@code $logs}, {@code $Metrics...}), which the
     * destination keeps of its own.
     */
    List<CopyItem> everything() {
        Optional<Kind> only = kind();
        List<CopyItem> items = new ArrayList<>();
        StorageEndpoint from = source.endpoint();
        if (only.isEmpty() || only.get() == Kind.TABLE) {
            from.tables().listTables().forEach(t -> items.add(new CopyItem(Kind.TABLE, t.getName(), t.getName())));
        }
        if (only.isEmpty() || only.get() == Kind.QUEUE) {
            // Asking for metadata: without an include the SDK sends an empty include=, which Azurite refuses (400).
            from.queues().listQueues(new QueuesSegmentOptions().setIncludeMetadata(true), null, Context.NONE).forEach(q -> items.add(new CopyItem(Kind.QUEUE, q.getName(), q.getName())));
        }
        if (only.isEmpty() || only.get() == Kind.CONTAINER) {
            from.blobs().listBlobContainers().forEach(c -> items.add(new CopyItem(Kind.CONTAINER, c.getName(), c.getName())));
        }
        items.removeIf(item -> item.source().startsWith("$"));
        return items;
    }
}
