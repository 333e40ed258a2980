package io.cerulean.app;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * How {@code cerulean serve} stops: SIGTERM or Ctrl-C (SIGINT) asks the serving thread to close the
 * server, which then returns, so the process exits 0 after a clean stop, as service managers
 * (systemd, Docker, Kubernetes) expect. Left to the JVM, those signals run the shutdown hooks and
 * exit 143 or 130, which they report as a failure. A shutdown hook still closes the server if the
 * JVM ends some other way (SIGHUP, or a JVM that keeps the signals, {@code -Xrs}).
 */
final class Termination {
    private static final Logger log = LoggerFactory.getLogger(Termination.class);

    private final Cerulean cerulean;
    private final CountDownLatch requested = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();

    private Termination(Cerulean cerulean) {
        this.cerulean = cerulean;
    }

    /** Takes SIGTERM and SIGINT over for {@code cerulean}, and closes it if the JVM exits first. */
    static Termination of(Cerulean cerulean) {
        Termination termination = new Termination(cerulean);
        for (String signal : List.of("TERM", "INT")) {
            try {
                Signal.handle(new Signal(signal), ignored -> termination.requested.countDown());
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal for itself (-Xrs); the shutdown hook below stops the server.
                log.debug("cannot handle SIG{}: {}", signal, e.getMessage());
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(termination::close, "cerulean-shutdown"));
        return termination;
    }

    /** Waits for SIGTERM or SIGINT, then closes the server. */
    void await() throws InterruptedException {
        requested.await();
        close();
    }

    private void close() {
        if (closed.compareAndSet(false, true)) {
            log.info("stopping");
            cerulean.close();
            log.info("stopped");
        }
    }
}
