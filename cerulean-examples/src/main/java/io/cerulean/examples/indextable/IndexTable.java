package io.cerulean.examples.indextable;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.queue.QueueClient;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Index Table pattern: the Movies table is keyed by genre and title, and index tables key the
 * same movies by a property that is no key there, the actors, so "the films of an actor" is a
 * query of one partition instead of a scan of every genre. Their RowKeys are composite, year then
 * title, so a span of years is a range. The three strategies the guide weighs, side by side:
 * <ul>
 * <li>fully denormalised ({@code MoviesByActor}): the index entity holds the whole movie, one query
 * answers;</li>
 * <li>normalised ({@code MovieKeysByActor}): it holds only the movie's keys, so the query is followed
 * by a point read of each movie;</li>
 * <li>partially denormalised ({@code MovieListingsByActor}): it holds what a listing shows (title,
 * year, the cast), the rest is a point read of the one movie chosen.</li>
 * </ul>
 * The actors' partitions are not the movie's, so no transaction can cover both: a change is
 * written to the Movies table and announced on a queue, and {@link IndexWorker} brings the index
 * tables in step later (eventually consistent). An index that can live in the movie's own partition
 * is kept in step by the same transaction: each genre holds its movies by year under
 * {@code year_<year>_<title>}, written with the movie.
 * <p>
 * The message is sent after the movie's transaction: a writer that stops between the two leaves the
 * actor indexes without the change until the movie is announced again. Where that cannot be
 * accepted, the message goes first and the worker writes the movie as well (the guide's eventually
 * consistent transactions pattern).
 */
public final class IndexTable {
    private final TableClient movies;
    private final TableClient byActor;
    private final TableClient keysByActor;
    private final TableClient listingsByActor;
    private final QueueClient changes;
    private final Traffic traffic;
    private final PrintStream out;

    public IndexTable(TableClient movies, TableClient byActor, TableClient keysByActor, TableClient listingsByActor,
            QueueClient changes, Traffic traffic, PrintStream out) {
        this.movies = movies;
        this.byActor = byActor;
        this.keysByActor = keysByActor;
        this.listingsByActor = listingsByActor;
        this.changes = changes;
        this.traffic = traffic;
        this.out = out;
    }

    /** What an actor's listing shows, with the keys of the movie for its details. */
    public record Listing(String title, int year, List<String> starring, String moviePartitionKey,
            String movieRowKey) {
        public Listing {
            starring = List.copyOf(starring);
        }
    }

    /** A movie of a genre as its year index holds it. */
    public record Dated(int year, String title) {
    }

    /**
     * Adds a movie: the movie and its genre's year index entity in one transaction (both or
     * neither), then a message that the actor indexes must follow.
     */
    public void release(Movie movie) {
        Traffic.Measured<Void> released = traffic.measure(() -> {
            movies.submitTransaction(List.of(
                    new TableTransactionAction(TableTransactionActionType.CREATE,
                            movie.entity(movie.genre(), Movie.rowKey(movie.title())).addProperty("EntityType",
                                    "Movie")),
                    new TableTransactionAction(TableTransactionActionType.CREATE, yearEntry(movie))));
            announce(movie.genre(), movie.title(), movie.year(), List.of());
            return null;
        });
        out.printf("release %s (%d): a transaction of 2, a message, %s%n", movie.title(), movie.year(),
                released.cost());
    }

    /**
     * Changes a movie's cast: the movie updated on the ETag it was read with, then a message naming
     * the actors who left, whose index entities the worker removes.
     */
    public void recast(String genre, String title, List<String> starring) {
        Traffic.Measured<Void> recast = traffic.measure(() -> {
            TableEntity current = movies.getEntity(genre, Movie.rowKey(title));
            List<String> left = new ArrayList<>(Movie.starring(current));
            left.removeAll(starring);
            current.addProperty("Starring", String.join(";", starring));
            movies.updateEntityWithResponse(current, TableEntityUpdateMode.MERGE, true,
                    null, null);
            announce(genre, title, (Integer) current.getProperty("Year"), left);
            return null;
        });
        out.printf("recast %s: a read, a conditional merge, a message, %s%n", title, recast.cost());
    }

    /** Removes a movie and its year index entity in one transaction, then a message that its actors' entries go. */
    public void withdraw(String genre, String title) {
        Traffic.Measured<Void> withdrawn = traffic.measure(() -> {
            TableEntity current = movies.getEntity(genre, Movie.rowKey(title));
            Movie movie = Movie.of(current);
            movies.submitTransaction(List.of(
                    new TableTransactionAction(TableTransactionActionType.DELETE, current, true),
                    new TableTransactionAction(TableTransactionActionType.DELETE, yearEntry(movie))));
            announce(genre, title, movie.year(), movie.starring());
            return null;
        });
        out.printf("withdraw %s: a read, a transaction of 2, a message, %s%n", title, withdrawn.cost());
    }

    /** Fully denormalised: an actor's films, whole, from one query of the actor's partition. */
    public List<Movie> filmsOf(String actor) {
        return query("films of " + actor + ", fully denormalised", byActor, inPartition(actor), Movie::of);
    }

    /** The same index's composite RowKey: an actor's films from {@code from} to {@code to} inclusive, one range. */
    public List<Movie> filmsOf(String actor, int from, int to) {
        return query("films of " + actor + " from " + from + " to " + to, byActor, inPartition(actor)
                + " and RowKey ge '" + String.format("%04d", from) + "' and RowKey lt '"
                + String.format("%04d", to + 1) + "'", Movie::of);
    }

    /**
     * Normalised: the actor's index entities hold the movies' keys; each movie is then read by its
     * keys. An entry whose movie is gone (withdrawn, the worker not yet done) is skipped.
     */
    public List<Movie> filmsOfNormalised(String actor) {
        Traffic.Measured<List<Movie>> found = traffic.measure(() -> {
            List<Movie> films = new ArrayList<>();
            for (TableEntity key : keysByActor.listEntities(new ListEntitiesOptions().setFilter(inPartition(actor)),
                    null, null)) {
                read((String) key.getProperty("MoviePartitionKey"), (String) key.getProperty("MovieRowKey"))
                        .ifPresent(films::add);
            }
            return films;
        });
        out.printf("films of %s, normalised: %d found, %s%n", actor, found.value().size(), found.cost());
        return found.value();
    }

    /** Partially denormalised: an actor's listing, from one query. */
    public List<Listing> listingOf(String actor) {
        return query("listing of " + actor + ", partially denormalised", listingsByActor, inPartition(actor),
                e -> new Listing((String) e.getProperty("Title"), (Integer) e.getProperty("Year"),
                        Movie.starring(e), (String) e.getProperty("MoviePartitionKey"),
                        (String) e.getProperty("MovieRowKey")));
    }

    /** The rest of a listed movie: one point read of the movie by the keys its listing holds. */
    public Optional<Movie> details(Listing listing) {
        Traffic.Measured<Optional<Movie>> found = traffic.measure(() -> read(listing.moviePartitionKey(),
                listing.movieRowKey()));
        out.printf("details of %s: %s%n", listing.title(), found.cost());
        return found.value();
    }

    /** The index in the movies' own partition: a genre's movies from {@code from} to {@code to} inclusive, a range. */
    public List<Dated> genreIn(String genre, int from, int to) {
        return query(genre + " from " + from + " to " + to + " by its year index", movies, inPartition(genre)
                + " and RowKey ge 'year_" + String.format("%04d", from) + "' and RowKey lt 'year_"
                + String.format("%04d", to + 1) + "'", IndexTable::dated);
    }

    /** The same without the index: a filter on Year, every entity of the genre read. */
    public List<Dated> genreInWithoutIndex(String genre, int from, int to) {
        return query(genre + " from " + from + " to " + to + " by scanning", movies, inPartition(genre)
                + " and EntityType eq 'Movie' and Year ge " + from + " and Year le " + to,
                IndexTable::dated);
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

    private void announce(String genre, String title, int year, List<String> left) {
        changes.sendMessage(new IndexWorker.Change(genre, title, year, left).text());
    }

    private static TableEntity yearEntry(Movie movie) {
        return new TableEntity(movie.genre(), "year_" + Movie.indexRowKey(movie.year(), movie.title()))
                .addProperty("EntityType", "YearIndex").addProperty("Title", movie.title())
                .addProperty("Year", movie.year());
    }

    private static Dated dated(TableEntity entity) {
        return new Dated((Integer) entity.getProperty("Year"), (String) entity.getProperty("Title"));
    }

    private <T> List<T> query(String what, TableClient table, String filter,
            Function<TableEntity, T> as) {
        Traffic.Measured<List<T>> found = traffic.measure(() -> table.listEntities(
                new ListEntitiesOptions().setFilter(filter), null, null).stream().map(as).toList());
        out.printf("%s: %d found, %s%n", what, found.value().size(), found.cost());
        return found.value();
    }

    static String inPartition(String partitionKey) {
        return "PartitionKey eq '" + partitionKey.replace("'", "''") + "'";
    }

    /** Runs the pattern against {@code args[0]}, {@code AZURE_STORAGE_CONNECTION_STRING}, or the emulator. */
    public static void main(String[] args) {
        String connectionString = Clients.connectionString(args);
        Traffic traffic = new Traffic();
        var tables = Clients.tables(connectionString, traffic);
        var queues = Clients.queues(connectionString, traffic);
        QueueClient queue = queues.getQueueClient("movie-changes");
        QueueClient poison = queues.getQueueClient("movie-changes-poison");
        queue.createIfNotExists();
        poison.createIfNotExists();
        TableClient movies = tables.createTableIfNotExists("Movies");
        TableClient byActor = tables.createTableIfNotExists("MoviesByActor");
        TableClient keysByActor = tables.createTableIfNotExists("MovieKeysByActor");
        TableClient listingsByActor = tables.createTableIfNotExists("MovieListingsByActor");
        try {
            IndexTable example = new IndexTable(movies, byActor, keysByActor, listingsByActor, queue, traffic,
                    System.out);
            IndexWorker worker = new IndexWorker(movies, byActor, keysByActor, listingsByActor, queue, poison,
                    traffic, System.out);
            example.release(new Movie("Drama", "Philadelphia", 1993, "Jonathan Demme",
                    List.of("Tom Hanks", "Denzel Washington"), "A lawyer sues the firm that fired him."));
            example.release(new Movie("Drama", "Forrest Gump", 1994, "Robert Zemeckis",
                    List.of("Tom Hanks", "Robin Wright"), "A life across four decades."));
            example.release(new Movie("Comedy", "Big", 1988, "Penny Marshall", List.of("Tom Hanks"),
                    "A boy wakes up grown."));
            example.filmsOf("Tom Hanks");
            worker.drain();
            example.filmsOf("Tom Hanks");
            example.filmsOf("Tom Hanks", 1990, 1999);
            example.filmsOfNormalised("Tom Hanks");
            example.listingOf("Tom Hanks").stream().findFirst().ifPresent(example::details);
            example.genreIn("Drama", 1990, 1999);
            example.genreInWithoutIndex("Drama", 1990, 1999);
            example.withdraw("Comedy", "Big");
            example.filmsOf("Tom Hanks");
            example.filmsOfNormalised("Tom Hanks");
            worker.drain();
            example.filmsOf("Tom Hanks");
        } finally {
            for (TableClient table : List.of(movies, byActor, keysByActor, listingsByActor)) {
                table.deleteTable();
            }
            queue.delete();
            poison.delete();
        }
    }
}
