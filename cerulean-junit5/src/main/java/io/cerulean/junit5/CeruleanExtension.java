package io.cerulean.junit5;

import io.cerulean.app.Cerulean;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * An in-memory Cerulean on a free port for tests, started before the first test that needs it:
 *
 * <pre>{@code
 * @RegisterExtension
 * static CeruleanExtension cerulean = CeruleanExtension.perClass();   // or perRun()
 *
 * @Test
 * void createsATable() {
 *     TableServiceClient client = new TableServiceClientBuilder()
 *             .connectionString(cerulean.connectionString()).buildClient();
 *     ...
 * }
 * }</pre>
 *
 * <p>{@link #perClass()} starts one server for the class (its nested classes use the same one) and
 * closes it after the class's last test. {@link #perRun()} starts one for the whole run, shared by
 * every class that asks for it, and closes it when the run ends: a start costs tens of milliseconds,
 * but a suite of many classes saves them all. Tests take the server as a parameter too:
 * {@link Cerulean}, {@code @CeruleanConnectionString String} or {@code @CeruleanEndpoint String}.
 * Tests must not close it.
 *
 * <p>{@link #configure(Supplier)} starts the server from a builder of your own (accounts, a data
 * directory, TLS); without it the server is in memory and knows the development account.
 */
public final class CeruleanExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
    private static final Namespace NAMESPACE = Namespace.create(CeruleanExtension.class);
    private static final String DEVELOPMENT_ACCOUNT = "devstoreaccount1";

    private final Boolean perRun; // null: as the class's @CeruleanTest says
    private final Supplier<Cerulean.Builder> builder;
    private volatile Cerulean started;

    /** For {@link CeruleanTest}: the class's annotation says which lifecycle. */
    public CeruleanExtension() {
        this(null, CeruleanExtension::inMemory);
    }

    private CeruleanExtension(Boolean perRun, Supplier<Cerulean.Builder> builder) {
        this.perRun = perRun;
        this.builder = builder;
    }

    /** One server for the class, closed after its last test. */
    public static CeruleanExtension perClass() {
        return new CeruleanExtension(false, CeruleanExtension::inMemory);
    }

    /** One server for the whole test run, closed when the run ends. */
    public static CeruleanExtension perRun() {
        return new CeruleanExtension(true, CeruleanExtension::inMemory);
    }

    /**
     * The same lifecycle, with the server started from {@code builder} (its port is set to a free
     * one). A shared server is the first configured one that asked: give every class that shares
     * one the same configuration.
     */
    public CeruleanExtension configure(Supplier<Cerulean.Builder> builder) {
        return new CeruleanExtension(perRun, Objects.requireNonNull(builder, "builder"));
    }

    private static Cerulean.Builder inMemory() {
        return Cerulean.builder().inMemory();
    }

    /** The running server; only once a test (or {@code @BeforeAll}) of its scope has started. */
    public Cerulean cerulean() {
        Cerulean running = started;
        if (running == null) {
            throw new IllegalStateException("Cerulean has not started yet: register the extension on a static "
                    + "field with @RegisterExtension, or use it from a test or @BeforeEach");
        }
        return running;
    }

    /** The connection string of the development account. */
    public String connectionString() {
        return cerulean().connectionString();
    }

    /** The Table endpoint of the development account. */
    public String endpoint() {
        return cerulean().endpoint(DEVELOPMENT_ACCOUNT);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        started = server(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        // An extension registered on an instance field misses beforeAll.
        started = server(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Cerulean.class || type == String.class
                && (parameter.isAnnotated(CeruleanConnectionString.class) || parameter.isAnnotated(CeruleanEndpoint.class));
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Cerulean server = server(context);
        started = server;
        if (parameter.getParameter().getType() == Cerulean.class) {
            return server;
        }
        if (parameter.isAnnotated(CeruleanConnectionString.class)) {
            return server.connectionString();
        }
        if (parameter.isAnnotated(CeruleanEndpoint.class)) {
            return server.endpoint(DEVELOPMENT_ACCOUNT);
        }
        throw new ParameterResolutionException("not a Cerulean parameter: " + parameter.getParameter());
    }

    /** The server of this context's scope, started on first use and closed with the scope. */
    private Cerulean server(ExtensionContext context) {
        boolean shared = perRun != null ? perRun : AnnotationSupport.findAnnotation(context.getRequiredTestClass(),
                CeruleanTest.class).map(CeruleanTest::shared).orElse(false);
        ExtensionContext scope = shared ? context.getRoot() : classContext(context);
        // Distinct keys: a store also answers with what its ancestors hold, and a class's own server
        // must not be taken for the run's.
        return scope.getStore(NAMESPACE).getOrComputeIfAbsent(shared ? "run" : "class",
                key -> new Running(builder.get()), Running.class).cerulean();
    }

    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext scope = context;
        while (scope.getTestMethod().isPresent()) {
            Optional<ExtensionContext> parent = scope.getParent();
            if (parent.isEmpty()) {
                break;
            }
            scope = parent.get();
        }
        return scope;
    }

    /** A started server that JUnit closes with the store it is kept in: the class's, or the run's. */
    private record Running(Cerulean cerulean) implements ExtensionContext.Store.CloseableResource {
        Running(Cerulean.Builder builder) {
            this(builder.port(0).start());
        }

        @Override
        public void close() {
            cerulean.close();
        }
    }
}
