package io.cerulean.examples.indextable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionFailedException;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.examples.indextable.IndexTable.Dated;
import io.cerulean.examples.indextable.IndexTable.Listing;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What the guide promises of index tables, through the example's own code. */
@CeruleanTest(shared = true)
class IndexTableTest {
    private static final Movie PHILADELPHIA = new Movie("Drama", "Philadelphia", 1993, "Jonathan Demme",
            List.of("Tom Hanks", "Denzel Washington"), "A lawyer sues the firm that fired him.");
    private static final Movie FORREST_GUMP = new Movie("Drama", "Forrest Gump", 1994, "Robert Zemeckis",
            List.of("Tom Hanks", "Robin Wright"), "A life across four decades.");
    private static final Movie CAST_AWAY = new Movie("Drama", "Cast Away", 2000, "Robert Zemeckis",
            List.of("Tom Hanks", "Helen Hunt"), "Four years on an island.");
    private static final Movie BIG = new Movie("Comedy", "Big", 1988, "Penny Marshall", List.of("Tom Hanks"),
            "A boy wakes up grown.");
    private static final Movie GLORY = new Movie("Drama", "Glory", 1989, "Edward Zwick",
            List.of("Denzel Washington", "Morgan Freeman"), "A regiment of volunteers.");

    private final Traffic traffic = new Traffic();
    private IndexTable example;
    private IndexWorker worker;
    private QueueClient queue;
    private QueueClient poison;
    private TableClient movies;
    private TableClient byActor;

    private void open(String connectionString, String tag) {
        TableServiceClient tables = Clients.tables(connectionString, traffic);
        queue = Clients.queues(connectionString, traffic).getQueueClient("movie-changes-" + tag.toLowerCase());
        queue.createIfNotExists();
        poison = Clients.queues(connectionString, traffic).getQueueClient("movie-poison-" + tag.toLowerCase());
        poison.createIfNotExists();
        movies = tables.createTableIfNotExists("Movies" + tag);
        byActor = tables.createTableIfNotExists("MoviesByActor" + tag);
        TableClient keysByActor = tables.createTableIfNotExists("MovieKeysByActor" + tag);
        TableClient listingsByActor = tables.createTableIfNotExists("MovieListingsByActor" + tag);
        PrintStream out = new PrintStream(OutputStream.nullOutputStream());
        example = new IndexTable(movies, byActor, keysByActor, listingsByActor, queue, traffic, out);
        worker = new IndexWorker(movies, byActor, keysByActor, listingsByActor, queue, poison, traffic, out);
    }

    private void releaseAll(Movie... released) {
        for (Movie movie : released) {
            example.release(movie);
        }
        worker.drain();
    }

    @Test
    void aFullyDenormalisedIndexAnswersInOneQueryWhereTheNormalisedOneReadsEachMovieAfterIt(
            @CeruleanConnectionString String cs) {
        open(cs, "Strategies");
        releaseAll(PHILADELPHIA, FORREST_GUMP, BIG, GLORY);

        Traffic.Measured<List<Movie>> full = traffic.measure(() -> example.filmsOf("Tom Hanks"));
        Traffic.Measured<List<Movie>> normalised = traffic.measure(() -> example.filmsOfNormalised("Tom Hanks"));

        assertThat(full.value()).as("by year, as the composite RowKey sorts them")
                .containsExactly(BIG, PHILADELPHIA, FORREST_GUMP);
        assertThat(full.cost().requests()).isEqualTo(1);
        assertThat(full.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(full.cost().entitiesRead()).as("the actor's partition only").isEqualTo(3);
        assertThat(normalised.value()).containsExactly(BIG, PHILADELPHIA, FORREST_GUMP);
        assertThat(normalised.cost().requests()).as("the index query, then a point read per movie").isEqualTo(4);
        assertThat(normalised.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(normalised.cost().entitiesRead()).isEqualTo(3);
    }

    @Test
    void aPartiallyDenormalisedIndexListsInOneQueryAndTheRestIsOnePointRead(@CeruleanConnectionString String cs) {
        open(cs, "Partial");
        releaseAll(PHILADELPHIA, FORREST_GUMP, GLORY);

        Traffic.Measured<List<Listing>> listing = traffic.measure(() -> example.listingOf("Denzel Washington"));
        Traffic.Measured<Optional<Movie>> details = traffic.measure(
                () -> example.details(listing.value().get(1)));

        assertThat(listing.value()).extracting(Listing::title, Listing::year, Listing::starring).containsExactly(
                tuple("Glory", 1989, GLORY.starring()),
                tuple("Philadelphia", 1993, PHILADELPHIA.starring()));
        assertThat(listing.cost().requests()).isEqualTo(1);
        assertThat(listing.cost().entitiesRead()).isEqualTo(2);
        assertThat(details.value()).contains(PHILADELPHIA);
        assertThat(details.cost().requests()).isEqualTo(1);
    }

    @Test
    void theCompositeKeyMakesAnActorsFilmsOfADecadeARangeThatReadsOnlyThem(@CeruleanConnectionString String cs) {
        open(cs, "Composite");
        releaseAll(BIG, PHILADELPHIA, FORREST_GUMP, CAST_AWAY);

        Traffic.Measured<List<Movie>> nineties = traffic.measure(() -> example.filmsOf("Tom Hanks", 1990, 1999));

        assertThat(nineties.value()).containsExactly(PHILADELPHIA, FORREST_GUMP);
        assertThat(nineties.cost().queryClasses()).containsExactly("RANGE");
        assertThat(nineties.cost().entitiesRead()).isEqualTo(2);
    }

    @Test
    void anIndexInTheMoviesOwnPartitionIsWrittenInItsTransactionAndReadByARange(
            @CeruleanConnectionString String cs) {
        open(cs, "SamePartition");
        example.release(GLORY);
        example.release(PHILADELPHIA);
        example.release(FORREST_GUMP);
        example.release(CAST_AWAY);

        Traffic.Measured<List<Dated>> indexed = traffic.measure(() -> example.genreIn("Drama", 1990, 1999));
        Traffic.Measured<List<Dated>> scanned = traffic.measure(
                () -> example.genreInWithoutIndex("Drama", 1990, 1999));

        List<Dated> nineties = List.of(new Dated(1993, "Philadelphia"), new Dated(1994, "Forrest Gump"));
        assertThat(indexed.value()).as("there before any worker ran").isEqualTo(nineties);
        assertThat(indexed.cost().queryClasses()).containsExactly("RANGE");
        assertThat(indexed.cost().entitiesRead()).isEqualTo(2);
        assertThat(scanned.value()).containsExactlyInAnyOrderElementsOf(nineties);
        assertThat(scanned.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(scanned.cost().entitiesRead()).as("every entity of the genre, movies and index entries")
                .isEqualTo(8);

        Movie sameTitle = new Movie("Drama", "Glory", 2015, "Someone Else", List.of("Nobody"), "Another film.");
        assertThatThrownBy(() -> example.release(sameTitle)).as("the title is taken: the transaction fails whole")
                .isInstanceOf(TableTransactionFailedException.class);
        assertThat(example.genreIn("Drama", 2015, 2015)).as("no index entry without its movie").isEmpty();

        example.withdraw("Drama", "Philadelphia");
        assertThat(example.genreIn("Drama", 1990, 1999)).as("gone with the movie, in its transaction")
                .containsExactly(new Dated(1994, "Forrest Gump"));
    }

    @Test
    void theActorIndexesFollowWhenTheWorkerHasRunAndNotBefore(@CeruleanConnectionString String cs) {
        open(cs, "Eventual");
        releaseAll(PHILADELPHIA);

        Traffic.Measured<Void> released = traffic.measure(() -> {
            example.release(FORREST_GUMP);
            return null;
        });
        assertThat(released.cost().requests()).as("a transaction of two, a message").isEqualTo(2);
        assertThat(example.filmsOf("Robin Wright")).as("the movie is stored, its actors' index not yet").isEmpty();
        assertThat(example.genreIn("Drama", 1994, 1994)).containsExactly(new Dated(1994, "Forrest Gump"));
        Traffic.Measured<Integer> drained = traffic.measure(worker::drain);
        assertThat(drained.value()).isEqualTo(1);
        assertThat(drained.cost().requests())
                .as("two receives, a read of the movie, three upserts for each of two actors, the message deleted")
                .isEqualTo(2 + 1 + 6 + 1);
        assertThat(example.filmsOf("Robin Wright")).containsExactly(FORREST_GUMP);

        example.recast("Drama", "Forrest Gump", List.of("Tom Hanks", "Gary Sinise"));
        Movie recast = new Movie("Drama", "Forrest Gump", 1994, "Robert Zemeckis",
                List.of("Tom Hanks", "Gary Sinise"), "A life across four decades.");
        assertThat(example.filmsOf("Robin Wright")).as("a denormalised copy lags behind the movie")
                .containsExactly(FORREST_GUMP);
        assertThat(example.filmsOfNormalised("Tom Hanks")).as("a normalised index reads the movie as it is now")
                .containsExactly(PHILADELPHIA, recast);
        assertThat(example.filmsOf("Gary Sinise")).isEmpty();
        worker.drain();
        assertThat(example.filmsOf("Robin Wright")).isEmpty();
        assertThat(example.filmsOf("Gary Sinise")).containsExactly(recast);

        example.withdraw("Drama", "Philadelphia");
        assertThat(example.filmsOf("Denzel Washington")).as("an index entry outlives its movie until the worker runs")
                .containsExactly(PHILADELPHIA);
        Traffic.Measured<List<Movie>> normalised = traffic.measure(
                () -> example.filmsOfNormalised("Denzel Washington"));
        assertThat(normalised.value()).as("the entry's movie is gone, so the normalised read skips it").isEmpty();
        assertThat(normalised.cost().requests()).as("the index query, a point read answered 404").isEqualTo(2);
        worker.drain();
        assertThat(example.filmsOf("Denzel Washington")).isEmpty();
        assertThat(example.filmsOf("Tom Hanks")).containsExactly(recast);
    }

    @Test
    void aMessageDeliveredAgainAfterAWorkerStoppedChangesNothing(@CeruleanConnectionString String cs)
            throws InterruptedException {
        open(cs, "Redelivery");
        example.release(CAST_AWAY);
        QueueMessageItem first = queue.receiveMessages(1, Duration.ofSeconds(1), null, null).stream().findFirst()
                .orElseThrow();
        worker.apply(first.getBody().toString());
        Map<String, Map<String, Object>> applied = contents(byActor);
        // The worker stops here, before deleting the message: it comes back when its second ends.

        int handled = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (handled == 0 && System.nanoTime() < deadline) {
            Thread.sleep(200);
            handled = worker.drain();
        }

        assertThat(handled).as("the message came back and was applied again").isEqualTo(1);
        assertThat(contents(byActor)).isEqualTo(applied).hasSize(2);
        assertThat(example.filmsOf("Helen Hunt")).containsExactly(CAST_AWAY);
        assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
    }

    @Test
    void aChangeThatKeepsComingBackIsSetAsideOnThePoisonQueue(@CeruleanConnectionString String cs)
            throws InterruptedException {
        open(cs, "Poison");
        queue.sendMessage("not a change");
        for (int delivery = 1; delivery <= IndexWorker.MAX_DELIVERIES; delivery++) {
            // A worker receives the message and fails before deleting it: back a second later.
            QueueMessageItem message = nextMessage();
            assertThat(message.getDequeueCount()).isEqualTo(delivery);
            assertThatThrownBy(() -> worker.apply(message.getBody().toString()))
                    .isInstanceOf(RuntimeException.class);
        }

        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (poison.getProperties().getApproximateMessagesCount() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(200);
            assertThat(worker.drain()).as("nothing applied").isZero();
        }

        assertThat(poison.peekMessage().getBody().toString()).isEqualTo("not a change");
        assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
    }

    private QueueMessageItem nextMessage() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            var received = queue.receiveMessages(1, Duration.ofSeconds(1), null, null).stream().findFirst();
            if (received.isPresent()) {
                return received.get();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no message came back");
    }

    private static Map<String, Map<String, Object>> contents(TableClient table) {
        return table.listEntities().stream().collect(Collectors.toMap(e -> e.getPartitionKey() + "/" + e.getRowKey(),
                IndexTableTest::userProperties));
    }

    private static Map<String, Object> userProperties(TableEntity entity) {
        return entity.getProperties().entrySet().stream()
                .filter(p -> !p.getKey().equals("Timestamp") && !p.getKey().startsWith("odata."))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }
}
