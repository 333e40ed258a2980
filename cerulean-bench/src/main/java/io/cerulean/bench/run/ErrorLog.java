package io.cerulean.bench.run;

import java.util.ArrayList;
import java.util.List;

/** The first few error messages of a phase, from any worker: enough to tell what went wrong. */
final class ErrorLog {
    private static final int KEPT = 5;
    private final List<String> messages = new ArrayList<>();

    synchronized void add(String message) {
        if (messages.size() < KEPT) {
            messages.add(message);
        }
    }

    synchronized List<String> messages() {
        return List.copyOf(messages);
    }
}
