package io.cerulean.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.storage.queue.QueueClient;
import io.cerulean.examples.indexentities.BlobIndex;
import io.cerulean.examples.indexentities.Employee;
import io.cerulean.examples.indexentities.SamePartitionIndex;
import io.cerulean.examples.indexentities.SeparatePartitionIndex;
import io.cerulean.examples.indextable.IndexTable;
import io.cerulean.examples.indextable.IndexTable.Listing;
import io.cerulean.examples.indextable.IndexWorker;
import io.cerulean.examples.indextable.Movie;
import io.cerulean.examples.interpartitionindex.InterPartitionSecondaryIndex;
import io.cerulean.examples.support.DesignAdvisor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The guide's index patterns hold: each example's traffic, as its test sends it, gives the design
 * advisor nothing to find in any table it uses, with the thresholds the anti-pattern examples cross.
 */
class GoodIndexExamplesHoldTest extends GoodExamples {
    private static final Duration VISIBILITY = Duration.ofSeconds(30);

    @Test
    void interPartitionSecondaryIndex() {
        InterPartitionSecondaryIndex example = new InterPartitionSecondaryIndex(table("GoodInterPartition"),
                queue("good-inter-partition"), queue("good-inter-partition-poison"), traffic, QUIET);
        example.hire(new InterPartitionSecondaryIndex.Employee("Sales", "000223", "jonesj@contoso.com", "John",
                "Jones"));
        example.hire(new InterPartitionSecondaryIndex.Employee("Sales", "000224", "halla@contoso.com", "Ann",
                "Hall"));
        example.byId("Sales", "000223");
        example.byEmail("Sales", "jonesj@contoso.com");
        while (example.work(VISIBILITY)) {
            // until the queue is empty
        }
        example.byEmail("Sales", "jonesj@contoso.com");
        example.changeEmail("Sales", "000223", "john.jones@contoso.com");
        example.byEmail("Sales", "jonesj@contoso.com");
        while (example.work(VISIBILITY)) {
            // until the queue is empty
        }
        example.byId("Sales", "000223");
        example.byEmail("Sales", "john.jones@contoso.com");
        assertThat(DesignAdvisor.findings(service, "GoodInterPartition")).isEmpty();
    }

    @Test
    void blobIndex() {
        BlobIndex example = new BlobIndex(table("GoodBlobIndex"), container("goodblobindex"), traffic, QUIET);
        example.hire(new Employee("Sales", "000152", "Don", "Jones"));
        example.hire(new Employee("Sales", "000153", "Ann", "Smith"));
        example.hire(new Employee("HR", "000154", "Lee", "Jones"));
        example.list(new Employee("Sales", "000160", "Lee", "Jones")); // a writer that dies after listing
        example.find("Jones");
        example.hire(new Employee("Sales", "000160", "Lee", "Jones"));
        inParallel(4, writer -> {
            for (int i = 0; i < 5; i++) {
                example.hire(new Employee("Dept" + writer, String.format("%06d", i), "E" + i, "Jones"));
            }
        });
        example.entries("Jones");
        example.find("Jones");
        assertThat(DesignAdvisor.findings(service, "GoodBlobIndex")).isEmpty();
    }

    @Test
    void samePartitionIndex() {
        SamePartitionIndex example = new SamePartitionIndex(table("GoodSamePartition"), traffic, QUIET);
        example.hire(new Employee("Sales", "000152", "Don", "Jones"));
        example.hire(new Employee("Sales", "000153", "Ann", "Smith"));
        example.hire(new Employee("Sales", "000154", "Lee", "Jones"));
        example.hire(new Employee("Sales", "000155", "Kim", "Jones"));
        example.hire(new Employee("HR", "000156", "Sam", "Jones"));
        inParallel(4, writer -> {
            for (int i = 0; i < 5; i++) {
                example.hire(new Employee("Sales", String.format("%02d%04d", writer, i), "E" + i, "Jones"));
            }
        });
        example.find("Sales", "Jones");
        example.find("HR", "Jones");
        example.ids("Sales", "Jones");
        assertThat(DesignAdvisor.findings(service, "GoodSamePartition")).isEmpty();
    }

    @Test
    void separatePartitionIndex() {
        SeparatePartitionIndex example = new SeparatePartitionIndex(table("GoodSeparatePartition"),
                queue("good-separate-partition"), traffic, QUIET);
        for (int i = 0; i < 16; i++) {
            example.hire(new Employee("Dept" + i % 4, String.format("%06d", i), "E" + i, i % 3 == 0 ? "Smith"
                    : "Jones"));
        }
        example.find("Jones");
        inParallel(4, worker -> {
            while (example.work(VISIBILITY)) {
                // until the queue is empty
            }
        });
        example.apply("Jones/Dept1/000001"); // a message applied twice
        example.pairs("Jones");
        example.find("Jones");
        example.find("Smith");
        assertThat(DesignAdvisor.findings(service, "GoodSeparatePartition")).isEmpty();
    }

    @Test
    void indexTable() {
        Movie philadelphia = new Movie("Drama", "Philadelphia", 1993, "Jonathan Demme",
                List.of("Tom Hanks", "Denzel Washington"), "A lawyer sues the firm that fired him.");
        Movie forrestGump = new Movie("Drama", "Forrest Gump", 1994, "Robert Zemeckis",
                List.of("Tom Hanks", "Robin Wright"), "A life across four decades.");
        Movie castAway = new Movie("Drama", "Cast Away", 2000, "Robert Zemeckis", List.of("Tom Hanks", "Helen Hunt"),
                "Four years on an island.");
        Movie big = new Movie("Comedy", "Big", 1988, "Penny Marshall", List.of("Tom Hanks"), "A boy wakes up grown.");
        Movie glory = new Movie("Drama", "Glory", 1989, "Edward Zwick", List.of("Denzel Washington", "Morgan Freeman"),
                "A regiment of volunteers.");
        List<String> names = List.of("GoodMovies", "GoodMoviesByActor", "GoodMovieKeysByActor",
                "GoodMovieListingsByActor");
        TableServiceClient tables = tables();
        List<TableClient> clients = names.stream().map(tables::createTableIfNotExists).toList();
        QueueClient changes = queue("good-movie-changes");
        IndexTable example = new IndexTable(clients.get(0), clients.get(1), clients.get(2), clients.get(3), changes,
                traffic, QUIET);
        IndexWorker worker = new IndexWorker(clients.get(0), clients.get(1), clients.get(2), clients.get(3), changes,
                queue("good-movie-poison"), traffic, QUIET);
        for (Movie movie : List.of(philadelphia, forrestGump, castAway, big, glory)) {
            example.release(movie);
        }
        worker.drain();
        example.filmsOf("Tom Hanks");
        example.filmsOfNormalised("Tom Hanks");
        example.filmsOf("Tom Hanks", 1990, 1999);
        List<Listing> listing = example.listingOf("Denzel Washington");
        example.details(listing.get(1));
        example.genreIn("Drama", 1990, 1999);
        example.genreInWithoutIndex("Drama", 1990, 1999);
        example.recast("Drama", "Forrest Gump", List.of("Tom Hanks", "Gary Sinise"));
        example.withdraw("Drama", "Philadelphia");
        example.filmsOfNormalised("Denzel Washington");
        worker.drain();
        example.filmsOf("Gary Sinise");
        for (String name : names) {
            assertThat(DesignAdvisor.findings(service, name)).as(name).isEmpty();
        }
    }

    /** Runs {@code body} for each of {@code threads} threads at once, as the examples' races do, and waits. */
    private static void inParallel(int threads, IntConsumer body) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                running.add(pool.submit(() -> body.accept(thread)));
            }
            for (Future<?> future : running) {
                future.get(60, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            pool.shutdownNow();
        }
    }
}
