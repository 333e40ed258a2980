package io.cerulean.console;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.server.RequestHandler;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A service's port with the console on it: {@code /$console} and its files are answered here,
 * unauthenticated (they hold no data), {@code /$console/api/<service>/...} is relayed to that
 * service's pipeline, and everything else goes to the port's own pipeline untouched.
 *
 * <p>The relay is the same request with the prefix taken off its path ({@link AzureRequest#readdressed}):
 * the service parses, authenticates, routes and answers it as if it had come on its own port, so a
 * Shared Key signature over {@code /<account>/<path>} or a SAS checks out unchanged, and the page can
 * do nothing its credential does not grant. A streamed body (a blob's upload) is streamed to the
 * service's sink as it arrives, and a streamed answer (a download) is sent as the client takes it,
 * exactly as on the service's own port. Buffered bodies are bounded by this port's service's limit.
 */
public final class ConsoleHandler implements RequestHandler {
    private final RequestHandler local;
    private final Map<String, RequestHandler> services;
    private final ConsoleFiles files;

    private ConsoleHandler(RequestHandler local, Map<String, RequestHandler> services, ConsoleFiles files) {
        this.local = local;
        this.services = Map.copyOf(services);
        this.files = files;
    }

    /**
     * {@code local}, the port's pipeline, with the console before it, relaying to {@code services}
     * by name ({@code table}, {@code queue}, {@code blob}: those served).
     */
    public static ConsoleHandler serving(RequestHandler local, Map<String, RequestHandler> services) {
        return new ConsoleHandler(local, services, ConsoleFiles.load());
    }

    /** What the console made of a head: answered by itself, or relayed with what the service made of it. */
    private sealed interface ConsoleRouting {
    }

    /** A file, or a refusal ({@code status} and why) when {@code refusal} is set. */
    private record Own(int status, String refusal) implements ConsoleRouting {
    }

    private record Relay(RequestHandler service, String path, Object routing) implements ConsoleRouting {
    }

    @Override
    public AzureRequest routed(AzureRequest head) {
        if (head.routing() instanceof ConsoleRouting) {
            return head;
        }
        if (!ConsolePaths.isConsole(head.rawPath())) {
            return local.routed(head);
        }
        Optional<ConsolePaths.Relayed> relayed = ConsolePaths.relayed(head.rawPath());
        if (relayed.isEmpty()) {
            return head.withRouting(new Own(200, null));
        }
        RequestHandler service = services.get(relayed.get().service());
        if (service == null) {
            return head.withRouting(new Own(404, "The console relays to table, queue and blob, as far as they are served."));
        }
        String refusal = RelayGuard.refusal(head);
        if (refusal != null) {
            return head.withRouting(new Own(403, refusal));
        }
        String path = relayed.get().path();
        AzureRequest forwarded = service.routed(head.readdressed(path, forwardedHeaders(head)));
        return head.withRouting(new Relay(service, path, forwarded.routing()));
    }

    @Override
    public void handle(AzureRequest request, Consumer<AzureResponse> reply) {
        AzureRequest routed = routed(request);
        if (routed.routing() instanceof Relay relay) {
            relay.service().handle(forwarded(routed, relay), response -> reply.accept(SecurityHeaders.applied(response)));
        } else if (routed.routing() instanceof Own own) {
            reply.accept(SecurityHeaders.applied(own(routed, own)));
        } else {
            local.handle(routed, reply);
        }
    }

    private AzureResponse own(AzureRequest request, Own own) {
        if (own.refusal() != null) {
            // Nothing was forwarded: the service never saw the request.
            return ConsoleFiles.text(own.status(), own.refusal());
        }
        return files.answer(request, ConsolePaths.fileName(request.rawPath()));
    }

    /** The request as the service gets it: its own path, its own headers, and what it made of its head. */
    private static AzureRequest forwarded(AzureRequest request, Relay relay) {
        return request.readdressed(relay.path(), forwardedHeaders(request)).withRouting(relay.routing());
    }

    /**
     * The page's headers, less what would make the service treat the relay as another origin or another
     * host: {@code Origin} (the console's own, checked) would draw {@code Access-Control-*} headers from
     * the account's CORS rules, and a host-style {@code Host} names the port's service, not the relayed
     * one; the relay always speaks path-style, as the page signs it.
     */
    private static HttpHeaders forwardedHeaders(AzureRequest request) {
        HttpHeaders headers = request.headers().copy();
        headers.remove("Origin");
        headers.remove(RelayGuard.HEADER);
        headers.set("Host", "localhost");
        return headers;
    }

    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        AzureRequest routed = routed(request);
        if (routed.routing() instanceof Relay relay) {
            return relay.service().runsOnEventLoop(forwarded(routed, relay));
        }
        // The console's own answers are from memory.
        return routed.routing() instanceof Own || local.runsOnEventLoop(routed);
    }

    @Override
    public OptionalLong streamedBodyLimit(AzureRequest head) {
        AzureRequest routed = routed(head);
        if (routed.routing() instanceof Relay relay) {
            return relay.service().streamedBodyLimit(forwarded(routed, relay));
        }
        return routed.routing() instanceof Own ? OptionalLong.empty() : local.streamedBodyLimit(routed);
    }

    @Override
    public boolean streamsBodies() {
        return local.streamsBodies() || services.values().stream().anyMatch(RequestHandler::streamsBodies);
    }

    @Override
    public int maxRequestBodyBytes() {
        return local.maxRequestBodyBytes();
    }

    @Override
    public AzureResponse earlyError(ServiceException error) {
        return local.earlyError(error);
    }

    @Override
    public AzureResponse earlyError(ServiceException error, AzureRequest head) {
        if (head == null || !ConsolePaths.isConsole(head.rawPath())) {
            return local.earlyError(error, head);
        }
        Optional<RequestHandler> service = ConsolePaths.relayed(head.rawPath())
                .map(relayed -> services.get(relayed.service()));
        return SecurityHeaders.applied(service.orElse(local).earlyError(error, null));
    }
}
