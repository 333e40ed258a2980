package io.cerulean.http.faults;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One fault rule: which requests it picks and what it does to them. A request is picked when it
 * matches every selector given ({@code account}, {@code services}, {@code operations},
 * {@code resource}; one left out matches anything) and then, among the requests it matched, by
 * {@code every} (the N-th, 2N-th...) or by {@code probability} (reproducible when a {@code seed}
 * is given), at most {@code limit} times.
 *
 * @param name        how the log and the endpoint name it; never empty
 * @param fault       what it does
 * @param after       whether the operation runs first, its answer lost (true), or not at all (false)
 * @param account     the account it applies to; null for every account
 * @param services    {@code table}, {@code queue}, {@code blob}; empty for every service
 * @param operations  operation names, compared by their letters alone without regard to case
 *                    ({@code InsertEntity} and {@code INSERT_ENTITY} are one); empty for every operation
 * @param resource    the table, queue or container, without regard to case; null for any
 * @param every       picks the N-th matching request, the 2N-th...; 0 to pick by probability
 * @param probability the chance of picking a matching request, 0 to 1, when {@code every} is 0
 * @param seed        makes the picks by probability the same on every run
 * @param limit       the most requests it picks; 0 for no limit
 * @param delayMillis how long after the request arrives its fault is answered (or the connection dropped)
 */
public record FaultRule(String name, FaultKind fault, boolean after, String account, Set<String> services,
                        Set<String> operations, String resource, long every, double probability, OptionalLong seed,
                        long limit, long delayMillis) {
    /** The services a rule may name. */
    public static final Set<String> SERVICES = Set.of("table", "queue", "blob");
    /** The longest delay a rule may set: ten minutes. */
    public static final long MAX_DELAY_MILLIS = 600_000;

    public FaultRule {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(seed, "seed");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a rule's \"name\" cannot be empty");
        }
        services = Set.copyOf(services);
        for (String service : services) {
            if (!SERVICES.contains(service)) {
                throw new IllegalArgumentException("\"services\" are table, queue or blob, not \"" + service + "\"");
            }
        }
        operations = Set.copyOf(operations);
        if (every < 0) {
            throw new IllegalArgumentException("\"every\" is 1 or more, not " + every);
        }
        if (!(probability >= 0 && probability <= 1)) {
            throw new IllegalArgumentException("\"probability\" is between 0 and 1, not " + probability);
        }
        if (every > 0 && probability != 1) {
            throw new IllegalArgumentException("a rule picks by \"every\" or by \"probability\", not both");
        }
        if (limit < 0) {
            throw new IllegalArgumentException("\"limit\" is 0 (none) or more, not " + limit);
        }
        if (delayMillis < 0 || delayMillis > MAX_DELAY_MILLIS) {
            throw new IllegalArgumentException("\"delayMs\" is between 0 and " + MAX_DELAY_MILLIS + ", not "
                    + delayMillis);
        }
    }

    /** Whether the rule selects a request to this service, account, operation and resource (null when none). */
    public boolean selects(String service, String account, String operation, String resource) {
        return (this.account == null || this.account.equals(account))
                && (services.isEmpty() || services.contains(service))
                && (operations.isEmpty() || names(operation))
                && (this.resource == null || this.resource.equalsIgnoreCase(resource));
    }

    private boolean names(String operation) {
        String wanted = letters(operation);
        for (String named : operations) {
            if (letters(named).equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    /** The same rule for {@code account}. */
    public FaultRule forAccount(String account) {
        return new FaultRule(name, fault, after, account, services, operations, resource, every, probability, seed,
                limit, delayMillis);
    }

    /** An operation's name as rules compare it: its letters and digits, lower case. */
    static String letters(String operation) {
        StringBuilder kept = new StringBuilder(operation.length());
        for (int i = 0; i < operation.length(); i++) {
            char c = operation.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                kept.append(Character.toLowerCase(c));
            }
        }
        return kept.toString().toLowerCase(Locale.ROOT);
    }
}
