package io.cerulean.http.pipeline;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.faults.FaultKind;
import io.cerulean.http.faults.FaultRule;
import io.cerulean.http.faults.Faults;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The faults stage: a request that a fault rule picks ({@link Faults}) is answered with the rule's
 * fault instead of its operation's answer: before the operation, which then never runs, or after it,
 * its answer lost though what it did stays done. The fault waits the rule's delay on a timer, not on a
 * thread; a dropped connection is an {@linkplain AzureResponse#noAnswer() answer that is none}. Every
 * fault is logged, one line naming the rule and the request id.
 */
final class FaultStage {
    private static final Logger log = LoggerFactory.getLogger(FaultStage.class);

    private final Faults faults;
    private final String service;

    /** @param service how rules name the service: {@code table}, {@code queue} or {@code blob} */
    FaultStage(Faults faults, String service) {
        this.faults = faults;
        this.service = service;
    }

    /** No faults, ever; the endpoint's changes go nowhere. */
    static FaultStage off() {
        return new FaultStage(Faults.none(), "");
    }

    Faults faults() {
        return faults;
    }

    /**
     * Where the request's answer goes: {@code reply} when no rule picks it; null when its fault is
     * answered in its place, so that it must not run; else a reply that sends the fault instead of the
     * answer it is given.
     *
     * @param render the request's error answer for a fault
     */
    Consumer<AzureResponse> apply(AzureRequest request, Target target, RoutedOperation route, String requestId,
                                  Function<ServiceException, AzureResponse> render, Consumer<AzureResponse> reply) {
        Optional<Faults.Picked> picked = faults.pick(service, target.account(), String.valueOf(route),
                target.resourceName());
        if (picked.isEmpty()) {
            return reply;
        }
        FaultRule rule = picked.get().rule();
        log.info("fault injected by rule '{}' (#{}): {} {} {} {} {} (request id {})", rule.name(),
                picked.get().injected(), rule.fault().jsonName(), rule.after() ? "after" : "before", route,
                request.method(), request.rawPath(), requestId);
        if (!rule.after()) {
            send(rule, render, reply);
            return null;
        }
        return lost -> {
            if (lost.content() != null) {
                lost.content().close(); // never sent
            }
            send(rule, render, reply);
        };
    }

    private static void send(FaultRule rule, Function<ServiceException, AzureResponse> render,
                             Consumer<AzureResponse> reply) {
        AzureResponse fault = rule.fault() == FaultKind.DROP ? AzureResponse.noAnswer()
                : render.apply(new ServiceException(rule.fault().error()));
        if (rule.delayMillis() == 0) {
            reply.accept(fault);
        } else {
            Delays.after(TimeUnit.MILLISECONDS.toNanos(rule.delayMillis()), () -> {
                try {
                    reply.accept(fault);
                } catch (RuntimeException e) { // the server stopped meanwhile: no connection to answer on
                    log.debug("a delayed fault could not be answered: {}", e.toString());
                }
            });
        }
    }
}
