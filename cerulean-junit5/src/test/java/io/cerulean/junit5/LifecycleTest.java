package io.cerulean.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.cerulean.app.Cerulean;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * When servers start and stop: the classes below are run here as a test run of their own, and what
 * they saw is checked once that run has ended. (Nested classes: the build's own run skips them.)
 */
class LifecycleTest {
    /** The port each class's tests were served on, by class. */
    static final Map<String, Integer> PORTS = new ConcurrentHashMap<>();

    @Test
    void aPerRunServerServesEveryClassOfTheRunAndStopsWhenTheRunEnds() {
        PORTS.clear();

        TestExecutionSummary summary = run(selectClass(PerRunFirst.class), selectClass(PerRunSecond.class),
                selectClass(SharedByAnnotation.class));

        assertThat(summary.getTotalFailureCount()).as("failures: %s", summary.getFailures()).isZero();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(3);
        assertThat(PORTS).hasSize(3);
        assertThat(PORTS.values().stream().distinct()).as("one server for the run").hasSize(1);
        assertStopped(PORTS.get(PerRunFirst.class.getName()));
    }

    @Test
    void aPerClassServerIsEachClasssOwnAndStopsAfterIt() {
        PORTS.clear();

        TestExecutionSummary summary = run(selectClass(PerClassFirst.class), selectClass(PerClassSecond.class));

        assertThat(summary.getTotalFailureCount()).as("failures: %s", summary.getFailures()).isZero();
        assertThat(PORTS.values().stream().distinct()).as("a server per class").hasSize(2);
        PORTS.values().forEach(LifecycleTest::assertStopped);
    }

    private static TestExecutionSummary run(DiscoverySelector... selectors) {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(List.of(selectors))
                .build(), listener);
        return listener.getSummary();
    }

    private static void assertStopped(int port) {
        assertThatThrownBy(() -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            }
        }).as("a connection to port %d once the run ended", port).isInstanceOf(ConnectException.class);
    }

    /** Creates a table through the SDK and notes the port it was served on. */
    static void serve(Class<?> testClass, Cerulean cerulean) {
        TableServiceClient client = new TableServiceClientBuilder().connectionString(cerulean.connectionString())
                .buildClient();
        client.createTableIfNotExists("lifecycle");
        assertThat(client.listTables().stream().map(t -> t.getName())).contains("lifecycle");
        PORTS.put(testClass.getName(), cerulean.port());
    }

    static class PerRunFirst {
        @RegisterExtension
        static CeruleanExtension cerulean = CeruleanExtension.perRun();

        @Test
        void serves() {
            serve(getClass(), cerulean.cerulean());
        }
    }

    static class PerRunSecond {
        @RegisterExtension
        static CeruleanExtension cerulean = CeruleanExtension.perRun();

        @Test
        void serves() {
            serve(getClass(), cerulean.cerulean());
        }
    }

    @CeruleanTest(shared = true)
    static class SharedByAnnotation {
        @Test
        void serves(Cerulean cerulean) {
            serve(getClass(), cerulean);
        }
    }

    static class PerClassFirst {
        @RegisterExtension
        static CeruleanExtension cerulean = CeruleanExtension.perClass();

        @Test
        void serves() {
            serve(getClass(), cerulean.cerulean());
        }
    }

    static class PerClassSecond {
        @RegisterExtension
        static CeruleanExtension cerulean = CeruleanExtension.perClass();

        @Test
        void serves() {
            serve(getClass(), cerulean.cerulean());
        }
    }
}
