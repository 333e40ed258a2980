package io.cerulean.bench.report;

import java.util.ArrayList;
import java.util.List;

/** The correctness checks of a run, in the order they were made. Thread-safe. */
public final class Checks {
    /** One check: what was verified, with the evidence, and whether it held. */
    public record Check(boolean passed, String description) {
    }

    private final List<Check> checks = new ArrayList<>();

    /** Records a check and returns whether it passed. */
    public synchronized boolean check(boolean passed, String description) {
        checks.add(new Check(passed, description));
        return passed;
    }

    public synchronized List<Check> all() {
        return List.copyOf(checks);
    }

    public synchronized long passed() {
        return checks.stream().filter(Check::passed).count();
    }

    public synchronized List<Check> failed() {
        return checks.stream().filter(c -> !c.passed()).toList();
    }
}
