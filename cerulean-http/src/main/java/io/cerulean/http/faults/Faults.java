package io.cerulean.http.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fault rules a server runs with: those it started with, and for each account those set at run
 * time, which then replace the start's for that account. A request is offered to its account's rules
 * in order; the first that picks it decides its fault. With no rule anywhere, {@link #pick} costs a
 * volatile read. Thread-safe: rules are replaced whole, and each counts the requests it matched and
 * picked atomically, so that {@code every} and a {@code seed} pick the same requests whatever the
 * threads.
 */
public final class Faults {
    private final List<Counted> started;
    private final Map<String, List<Counted>> set = new ConcurrentHashMap<>(); // by account
    private volatile boolean any;

    /** Rules to start with, each for its account or, naming none, for every account. */
    public Faults(List<FaultRule> rules) {
        this.started = counted(rules);
        this.any = !started.isEmpty();
    }

    /** No rules until some are set. */
    public static Faults none() {
        return new Faults(List.of());
    }

    /** A rule that picked a request, and how many it has picked, this one included. */
    public record Picked(FaultRule rule, long injected) {
    }

    /** What a rule did so far: the requests it matched and those it picked. */
    public record RuleCounts(FaultRule rule, long matched, long injected) {
    }

    /** The fault for a request, if a rule picks it; {@code operation} and {@code resource} may be null. */
    public Optional<Picked> pick(String service, String account, String operation, String resource) {
        if (!any) {
            return Optional.empty();
        }
        for (Counted counted : rulesOf(account)) {
            FaultRule rule = counted.rule;
            if (!rule.selects(service, account, operation == null ? "" : operation, resource)) {
                continue;
            }
            long n = counted.matched.incrementAndGet();
            if (!chosen(rule, n)) {
                continue;
            }
            long injected = counted.injected.incrementAndGet();
            if (rule.limit() > 0 && injected > rule.limit()) {
                counted.injected.decrementAndGet();
                continue;
            }
            return Optional.of(new Picked(rule, injected));
        }
        return Optional.empty();
    }

    /** The rules that apply to {@code account} now, with what each did. */
    public List<RuleCounts> rules(String account) {
        List<RuleCounts> counts = new ArrayList<>();
        for (Counted counted : rulesOf(account)) {
            counts.add(new RuleCounts(counted.rule, counted.matched.get(), counted.injected.get()));
        }
        return counts;
    }

    /**
     * Replaces the rules of {@code account}, those it started with included, counts starting anew.
     *
     * @throws IllegalArgumentException for a rule naming another account
     */
    public void replace(String account, List<FaultRule> rules) {
        List<FaultRule> own = new ArrayList<>(rules.size());
        for (FaultRule rule : rules) {
            if (rule.account() != null && !rule.account().equals(account)) {
                throw new IllegalArgumentException("the rules of account " + account + " cannot name account "
                        + rule.account());
            }
            own.add(rule.forAccount(account));
        }
        set.put(account, counted(own));
        any = true;
    }

    /** Leaves {@code account} without rules, those it started with included. */
    public void clear(String account) {
        set.put(account, List.of());
    }

    private List<Counted> rulesOf(String account) {
        List<Counted> own = set.get(account);
        if (own != null) {
            return own;
        }
        List<Counted> applying = new ArrayList<>(started.size());
        for (Counted counted : started) {
            if (counted.rule.account() == null || counted.rule.account().equals(account)) {
                applying.add(counted);
            }
        }
        return applying;
    }

    /** Whether the {@code n}-th request a rule matched is one it picks. */
    static boolean chosen(FaultRule rule, long n) {
        if (rule.every() > 0) {
            return n % rule.every() == 0;
        }
        if (rule.probability() >= 1) {
            return true;
        }
        double draw = rule.seed().isPresent() ? unit(rule.seed().getAsLong(), n) : ThreadLocalRandom.current().nextDouble();
        return draw < rule.probability();
    }

    /** A number in [0, 1) that depends on the seed and {@code n} alone (SplitMix64's mix). */
    static double unit(long seed, long n) {
        long z = seed + n * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return (z >>> 11) * 0x1.0p-53;
    }

    private static List<Counted> counted(List<FaultRule> rules) {
        return rules.stream().map(Counted::new).toList();
    }

    private static final class Counted {
        final FaultRule rule;
        final AtomicLong matched = new AtomicLong();
        final AtomicLong injected = new AtomicLong();

        Counted(FaultRule rule) {
            this.rule = rule;
        }
    }
}
