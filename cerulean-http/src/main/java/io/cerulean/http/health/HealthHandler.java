package io.cerulean.http.health;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.server.RequestHandler;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A port with the health endpoints in front of whatever it serves: {@code /$health/...} is answered
 * here, on the event loop, and everything else goes to the port's own handler untouched. No account
 * name starts with '$', so these paths never shadow one; they are never authenticated, logged nor
 * counted as an account's request, since the handler behind never sees them.
 *
 * <ul>
 *   <li>{@code GET /$health/live}: 200 whenever the process serves HTTP; it never touches the store;</li>
 *   <li>{@code GET /$health/ready}: 200 when the store takes a write now, else 503 with Retry-After
 *       and the reason ({@link Readiness});</li>
 *   <li>HEAD of either: the same status and headers; another method: 405; another path under
 *       {@code /$health}: 404.</li>
 * </ul>
 */
public final class HealthHandler implements RequestHandler {
    static final String PREFIX = "/$health";
    static final String LIVE = PREFIX + "/live";
    static final String READY = PREFIX + "/ready";

    private final RequestHandler behind;
    private final Readiness readiness;

    private HealthHandler(RequestHandler behind, Readiness readiness) {
        this.behind = behind;
        this.readiness = readiness;
    }

    /** {@code behind}, a port's handler, with the health endpoints answered before it, as {@code readiness} says. */
    public static HealthHandler serving(RequestHandler behind, Readiness readiness) {
        return new HealthHandler(behind, readiness);
    }

    /** What this handler made of a head: the health endpoint it names, answered here. */
    private record Own(String path) {
    }

    private static boolean isHealth(String rawPath) {
        return rawPath.equals(PREFIX) || rawPath.startsWith(PREFIX + "/");
    }

    @Override
    public AzureRequest routed(AzureRequest head) {
        if (head.routing() instanceof Own) {
            return head;
        }
        return isHealth(head.rawPath()) ? head.withRouting(new Own(head.rawPath())) : behind.routed(head);
    }

    @Override
    public void handle(AzureRequest request, Consumer<AzureResponse> reply) {
        AzureRequest routed = routed(request);
        if (!(routed.routing() instanceof Own own)) {
            behind.handle(routed, reply);
            return;
        }
        if (!own.path().equals(LIVE) && !own.path().equals(READY)) {
            reply.accept(HealthAnswers.unknown(own.path()));
        } else if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            reply.accept(HealthAnswers.methodNotAllowed(request.method()));
        } else if (own.path().equals(LIVE)) {
            reply.accept(HealthAnswers.live());
        } else {
            // Completes within the readiness bound, on the probe's thread or a timer's: nothing waits here.
            readiness.check().whenComplete((report, failure) -> reply.accept(failure == null
                    ? HealthAnswers.ready(report) : HealthAnswers.failed(failure)));
        }
    }

    /** Its own answers never wait: they run on the event loop that read them. */
    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        AzureRequest routed = routed(request);
        return routed.routing() instanceof Own || behind.runsOnEventLoop(routed);
    }

    @Override
    public OptionalLong streamedBodyLimit(AzureRequest head) {
        AzureRequest routed = routed(head);
        return routed.routing() instanceof Own ? OptionalLong.empty() : behind.streamedBodyLimit(routed);
    }

    @Override
    public boolean streamsBodies() {
        return behind.streamsBodies();
    }

    @Override
    public int maxRequestBodyBytes() {
        return behind.maxRequestBodyBytes();
    }

    @Override
    public AzureResponse earlyError(ServiceException error) {
        return behind.earlyError(error);
    }

    @Override
    public AzureResponse earlyError(ServiceException error, AzureRequest head) {
        return behind.earlyError(error, head);
    }
}
