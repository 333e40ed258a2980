package io.cerulean.http.metrics;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.server.RequestHandler;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The whole of a port of its own for the metrics ({@code --metrics-port}): {@code GET /$metrics} is the
 * scrape, in the Prometheus text format, unauthenticated; anything else is 404. Holds no data, so it
 * may be open to a monitoring network that the storage ports are not.
 */
public final class MetricsHandler implements RequestHandler {
    /** The path of the scrape, on this port and, unless turned off, on every service's. */
    public static final String PATH = "/$metrics";
    /** The content type of the Prometheus text format that {@code scrape} renders. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    /** The largest request body read: a scrape has none. */
    private static final int MAX_BODY_BYTES = 4096;

    private final Supplier<String> scrape;

    public MetricsHandler(Supplier<String> scrape) {
        this.scrape = scrape;
    }

    @Override
    public void handle(AzureRequest request, Consumer<AzureResponse> reply) {
        if (!request.rawPath().equals(PATH)) {
            reply.accept(text(404, "Not found: this port serves " + PATH + " only.\n"));
        } else if (!request.method().equals("GET")) {
            reply.accept(text(405, "Only GET is served on " + PATH + ".\n").header("Allow", "GET"));
        } else {
            reply.accept(AzureResponse.status(200).body(CONTENT_TYPE, scrape.get().getBytes(StandardCharsets.UTF_8)));
        }
    }

    /** A scrape renders every meter: a worker's job, not an event loop's. */
    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        return false;
    }

    @Override
    public AzureResponse earlyError(ServiceException error) {
        return text(error.errorCode().status(), error.errorCode().message() + "\n");
    }

    @Override
    public int maxRequestBodyBytes() {
        return MAX_BODY_BYTES;
    }

    private static AzureResponse text(int status, String text) {
        return AzureResponse.status(status).body("text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
    }
}
