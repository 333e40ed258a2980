package io.cerulean.examples.indextable;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Brings the actor index tables in step with the Movies table, one queued change at a time. A
 * message is deleted only once its change is applied; if the worker stops before that, the message
 * is delivered again when its visibility timeout ends. That is harmless because applying a change
 * is idempotent and looks at the movie as it is now, not as the message saw it: every current actor
 * gets the index entities the movie implies (Insert Or Replace), every actor who left loses them
 * (a delete that finds nothing is fine). Messages may so be applied twice, or out of order. A
 * message that comes back after {@value #MAX_DELIVERIES} deliveries is set aside on a poison queue
 * for a person to look at, so that a change that cannot be applied does not come back forever.
 */
public final class IndexWorker {
    /** How long a received message stays hidden from other workers while this one applies it. */
    private static final Duration VISIBILITY = Duration.ofSeconds(30);
    /** Deliveries after which a message that comes back again is taken for poison. */
    public static final int MAX_DELIVERIES = 3;

    private final TableClient movies;
    private final TableClient byActor;
    private final TableClient keysByActor;
    private final TableClient listingsByActor;
    private final QueueClient changes;
    private final QueueClient poison;
    private final Traffic traffic;
    private final PrintStream out;

    public IndexWorker(TableClient movies, TableClient byActor, TableClient keysByActor,
            TableClient listingsByActor, QueueClient changes, QueueClient poison, Traffic traffic, PrintStream out) {
        this.movies = movies;
        this.byActor = byActor;
        this.keysByActor = keysByActor;
        this.listingsByActor = listingsByActor;
        this.changes = changes;
        this.poison = poison;
        this.traffic = traffic;
        this.out = out;
    }

    /**
     * A change of a movie as the queue carries it: the movie's keys and year (which places its index
     * entities) and the actors who left it, one per line.
     */
    public record Change(String genre, String title, int year, List<String> left) {
        public Change {
            left = List.copyOf(left);
        }

        String text() {
            List<String> lines = new ArrayList<>(List.of(genre, title, Integer.toString(year)));
            lines.addAll(left);
            return String.join("\n", lines);
        }

        static Change parse(String text) {
            List<String> lines = Arrays.asList(text.split("\n"));
            return new Change(lines.get(0), lines.get(1), Integer.parseInt(lines.get(2)),
                    lines.subList(3, lines.size()));
        }
    }

    /**
     * Applies every change waiting in the queue, deleting each message once applied; answers how
     * many were applied. A change that fails stays in the queue, hidden until its visibility timeout
     * ends.
     */
    public int drain() {
        Traffic.Measured<Integer> drained = traffic.measure(() -> {
            int applied = 0;
            while (true) {
                List<QueueMessageItem> batch = changes.receiveMessages(32, VISIBILITY, null, null).stream().toList();
                if (batch.isEmpty()) {
                    return applied;
                }
                for (QueueMessageItem message : batch) {
                    String text = message.getBody().toString();
                    if (message.getDequeueCount() > MAX_DELIVERIES) {
                        poison.sendMessage(text);
                        changes.deleteMessage(message.getMessageId(), message.getPopReceipt());
                        out.printf("worker set aside a change delivered %d times%n", message.getDequeueCount());
                        continue;
                    }
                    try {
                        apply(text);
                    } catch (RuntimeException e) {
                        // Not deleted: the message comes back when its visibility timeout ends.
                        out.printf("worker failed to apply a change, delivery %d: %s%n", message.getDequeueCount(), e);
                        continue;
                    }
                    changes.deleteMessage(message.getMessageId(), message.getPopReceipt());
                    applied++;
                }
            }
        });
        out.printf("worker applied %d changes: %s%n", drained.value(), drained.cost());
        return drained.value();
    }

    /** Applies one change; applying it again, or after a later one, leaves the indexes as they are. */
    public void apply(String message) {
        Change change = Change.parse(message);
        String indexRowKey = Movie.indexRowKey(change.year(), change.title());
        Optional<Movie> movie = read(change.genre(), Movie.rowKey(change.title()));
        List<String> starring = movie.map(Movie::starring).orElse(List.of());
        movie.ifPresent(m -> index(m, indexRowKey));
        for (String actor : change.left()) {
            if (!starring.contains(actor)) {
                for (TableClient index : List.of(byActor, keysByActor, listingsByActor)) {
                    // Delete If Exists: the SDK answers a delete that finds nothing (404) as done.
                    index.deleteEntity(actor, indexRowKey);
                }
            }
        }
    }

    /** Writes, for each of the movie's actors, the entity each index table keeps: Insert Or Replace. */
    private void index(Movie movie, String indexRowKey) {
        String movieRowKey = Movie.rowKey(movie.title());
        for (String actor : movie.starring()) {
            upsert(byActor, movie.entity(actor, indexRowKey));
            upsert(keysByActor, new TableEntity(actor, indexRowKey).addProperty("MoviePartitionKey", movie.genre())
                    .addProperty("MovieRowKey", movieRowKey));
            upsert(listingsByActor, new TableEntity(actor, indexRowKey).addProperty("Title", movie.title())
                    .addProperty("Year", movie.year()).addProperty("Starring", String.join(";", movie.starring()))
                    .addProperty("MoviePartitionKey", movie.genre()).addProperty("MovieRowKey", movieRowKey));
        }
    }

    private static void upsert(TableClient table, TableEntity entity) {
        table.upsertEntityWithResponse(entity, TableEntityUpdateMode.REPLACE, null, null);
    }

    private Optional<Movie> read(String partitionKey, String rowKey) {
        try {
            return Optional.of(Movie.of(movies.getEntity(partitionKey, rowKey)));
        } catch (TableServiceException e) {
            if (e.getResponse().getStatusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
