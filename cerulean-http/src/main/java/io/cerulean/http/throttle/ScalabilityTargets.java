package io.cerulean.http.throttle;

import java.util.List;

/**
 * The scalability targets Cerulean enforces, by default those Azure publishes for a standard
 * (general-purpose v2) storage account in every region ({@link #azure()}; docs/scalability-targets.md
 * gives the sources). Each is a rate a second; {@code burstSeconds} is how many seconds of it a
 * resource that was idle may take at once.
 */
public record ScalabilityTargets(long accountRequestsPerSecond, long accountIngressBytesPerSecond,
                                 long accountEgressBytesPerSecond, long tablePartitionEntitiesPerSecond,
                                 long queueMessagesPerSecond, long blobRequestsPerSecond, double burstSeconds) {
    /** The names {@link #with} takes, as {@code --scalability-target NAME=VALUE} does. */
    public static final List<String> NAMES = List.of("account-requests-per-second",
            "account-ingress-bytes-per-second", "account-egress-bytes-per-second",
            "table-partition-entities-per-second", "queue-messages-per-second", "blob-requests-per-second",
            "burst-seconds");

    public ScalabilityTargets {
        positive(accountRequestsPerSecond, NAMES.get(0));
        positive(accountIngressBytesPerSecond, NAMES.get(1));
        positive(accountEgressBytesPerSecond, NAMES.get(2));
        positive(tablePartitionEntitiesPerSecond, NAMES.get(3));
        positive(queueMessagesPerSecond, NAMES.get(4));
        positive(blobRequestsPerSecond, NAMES.get(5));
        if (!(burstSeconds > 0) || burstSeconds > 3600) {
            throw new IllegalArgumentException("burst-seconds is above 0 and at most 3600: " + burstSeconds);
        }
    }

    /**
     * Azure's: 20,000 requests a second per account; 25 Gbps in and 50 Gbps out per account (the
     * regions with the lowest defaults); 2,000 entities a second per table partition; 2,000 messages
     * a second per queue; 500 requests a second per blob; a burst of one second of each.
     */
    public static ScalabilityTargets azure() {
        return new ScalabilityTargets(20_000, 25_000_000_000L / 8, 50_000_000_000L / 8, 2_000, 2_000, 500, 1);
    }

    /**
     * These targets with the one {@code name} (one of {@link #NAMES}) set to {@code value}: a whole
     * number above 0, {@code _} allowed between digits ({@code 3_125_000_000}); for
     * {@code burst-seconds}, a decimal number.
     *
     * @throws IllegalArgumentException for an unknown name or a value that is not one
     */
    public ScalabilityTargets with(String name, String value) {
        if (name.equals("burst-seconds")) {
            return new ScalabilityTargets(accountRequestsPerSecond, accountIngressBytesPerSecond,
                    accountEgressBytesPerSecond, tablePartitionEntitiesPerSecond, queueMessagesPerSecond,
                    blobRequestsPerSecond, decimal(name, value));
        }
        long number = whole(name, value);
        return switch (name) {
            case "account-requests-per-second" -> new ScalabilityTargets(number, accountIngressBytesPerSecond,
                    accountEgressBytesPerSecond, tablePartitionEntitiesPerSecond, queueMessagesPerSecond,
                    blobRequestsPerSecond, burstSeconds);
            case "account-ingress-bytes-per-second" -> new ScalabilityTargets(accountRequestsPerSecond, number,
                    accountEgressBytesPerSecond, tablePartitionEntitiesPerSecond, queueMessagesPerSecond,
                    blobRequestsPerSecond, burstSeconds);
            case "account-egress-bytes-per-second" -> new ScalabilityTargets(accountRequestsPerSecond,
                    accountIngressBytesPerSecond, number, tablePartitionEntitiesPerSecond, queueMessagesPerSecond,
                    blobRequestsPerSecond, burstSeconds);
            case "table-partition-entities-per-second" -> new ScalabilityTargets(accountRequestsPerSecond,
                    accountIngressBytesPerSecond, accountEgressBytesPerSecond, number, queueMessagesPerSecond,
                    blobRequestsPerSecond, burstSeconds);
            case "queue-messages-per-second" -> new ScalabilityTargets(accountRequestsPerSecond,
                    accountIngressBytesPerSecond, accountEgressBytesPerSecond, tablePartitionEntitiesPerSecond,
                    number, blobRequestsPerSecond, burstSeconds);
            case "blob-requests-per-second" -> new ScalabilityTargets(accountRequestsPerSecond,
                    accountIngressBytesPerSecond, accountEgressBytesPerSecond, tablePartitionEntitiesPerSecond,
                    queueMessagesPerSecond, number, burstSeconds);
            default -> throw new IllegalArgumentException("unknown scalability target '" + name + "'; known: "
                    + String.join(", ", NAMES));
        };
    }

    /** {@link #with} for {@code NAME=VALUE}. */
    public ScalabilityTargets with(String assignment) {
        int equals = assignment.indexOf('=');
        if (equals <= 0) {
            throw new IllegalArgumentException("a scalability target is NAME=VALUE, not '" + assignment + "'");
        }
        return with(assignment.substring(0, equals).trim(), assignment.substring(equals + 1).trim());
    }

    private static long whole(String name, String value) {
        if (!value.matches("[0-9]+(_[0-9]+)*")) {
            throw new IllegalArgumentException(name + " is a whole number above 0, not '" + value + "'");
        }
        try {
            return Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is too large: " + value, e);
        }
    }

    private static double decimal(String name, String value) {
        if (!value.matches("[0-9]+(\\.[0-9]+)?")) {
            throw new IllegalArgumentException(name + " is a number above 0, not '" + value + "'");
        }
        return Double.parseDouble(value);
    }

    private static void positive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " is above 0: " + value);
        }
    }
}
