package io.cerulean.rest.analytics;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The counts of one row of a transactions metrics table ("Storage Analytics metrics table schema"):
 * requests, bytes in and out, latencies, and each outcome of {@link RequestStatus} by credential
 * ({@code Success}, {@code AnonymousSuccess}, {@code SASSuccess}, ...), with the averages and
 * percentages derived from them. Counts add up ({@link #add}), so a server adds what it counted
 * since its last write to what the table holds, whatever other servers counted meanwhile. Not
 * thread-safe.
 */
public final class TransactionCounts {
    private static final String[] AUTH_TYPES = {RequestStatus.AUTHENTICATED, RequestStatus.ANONYMOUS,
            RequestStatus.SAS};
    private static final RequestStatus[] OUTCOMES = RequestStatus.values();

    private long totalRequests;
    private long billableRequests;
    private long ingress;
    private long egress;
    private double e2eLatencySum;
    private double serverLatencySum;
    /** By outcome, then credential ({@link #AUTH_TYPES}' order). */
    private final long[][] outcomes = new long[OUTCOMES.length][AUTH_TYPES.length];

    /** Counts one request. */
    public void record(RequestStatus status, String authType, long ingressBytes, long egressBytes,
                       double e2eLatencyMs, double serverLatencyMs) {
        totalRequests++;
        billableRequests++;
        ingress += ingressBytes;
        egress += egressBytes;
        e2eLatencySum += e2eLatencyMs;
        serverLatencySum += serverLatencyMs;
        outcomes[status.ordinal()][authIndex(authType)]++;
    }

    /** Adds {@code other}'s counts to these. */
    public void add(TransactionCounts other) {
        totalRequests += other.totalRequests;
        billableRequests += other.billableRequests;
        ingress += other.ingress;
        egress += other.egress;
        e2eLatencySum += other.e2eLatencySum;
        serverLatencySum += other.serverLatencySum;
        for (int i = 0; i < outcomes.length; i++) {
            for (int j = 0; j < AUTH_TYPES.length; j++) {
                outcomes[i][j] += other.outcomes[i][j];
            }
        }
    }

    public long totalRequests() {
        return totalRequests;
    }

    /**
     * The counts a row's properties hold, as {@link #properties()} wrote them; a property missing or
     * of another type counts as zero. The latency sums come back from the averages.
     */
    public static TransactionCounts fromProperties(Map<String, ?> properties) {
        TransactionCounts counts = new TransactionCounts();
        counts.totalRequests = count(properties, "TotalRequests");
        counts.billableRequests = count(properties, "TotalBillableRequests");
        counts.ingress = count(properties, "TotalIngress");
        counts.egress = count(properties, "TotalEgress");
        counts.e2eLatencySum = number(properties, "AverageE2ELatency") * counts.billableRequests;
        counts.serverLatencySum = number(properties, "AverageServerLatency") * counts.billableRequests;
        for (RequestStatus status : OUTCOMES) {
            for (int j = 0; j < AUTH_TYPES.length; j++) {
                counts.outcomes[status.ordinal()][j] = count(properties, status.nameFor(AUTH_TYPES[j]));
            }
        }
        return counts;
    }

    /**
     * The row's properties, in the schema's names: counts as {@code Long} (Edm.Int64), averages and
     * percentages as {@code Double}.
     */
    public Map<String, Object> properties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("TotalRequests", totalRequests);
        properties.put("TotalBillableRequests", billableRequests);
        properties.put("TotalIngress", ingress);
        properties.put("TotalEgress", egress);
        long serverFaults = 0;
        for (RequestStatus status : OUTCOMES) {
            if (status.serverFault()) {
                serverFaults += outcome(status);
            }
        }
        properties.put("Availability", billableRequests == 0 ? 100.0
                : percent(billableRequests - serverFaults, billableRequests));
        properties.put("AverageE2ELatency", billableRequests == 0 ? 0.0 : e2eLatencySum / billableRequests);
        properties.put("AverageServerLatency", billableRequests == 0 ? 0.0 : serverLatencySum / billableRequests);
        properties.put("PercentSuccess", percentOf(outcome(RequestStatus.SUCCESS)));
        properties.put("PercentThrottlingError", percentOf(outcome(RequestStatus.THROTTLING_ERROR)));
        properties.put("PercentTimeoutError", percentOf(outcome(RequestStatus.CLIENT_TIMEOUT_ERROR)
                + outcome(RequestStatus.SERVER_TIMEOUT_ERROR)));
        properties.put("PercentServerOtherError", percentOf(outcome(RequestStatus.SERVER_OTHER_ERROR)));
        properties.put("PercentClientOtherError", percentOf(outcome(RequestStatus.CLIENT_OTHER_ERROR)));
        properties.put("PercentAuthorizationError", percentOf(outcome(RequestStatus.AUTHORIZATION_ERROR)));
        properties.put("PercentNetworkError", percentOf(outcome(RequestStatus.NETWORK_ERROR)));
        for (RequestStatus status : OUTCOMES) {
            for (int j = 0; j < AUTH_TYPES.length; j++) {
                properties.put(status.nameFor(AUTH_TYPES[j]), outcomes[status.ordinal()][j]);
            }
        }
        return properties;
    }

    /** Requests of this outcome, whatever their credential. */
    public long outcome(RequestStatus status) {
        long sum = 0;
        for (long count : outcomes[status.ordinal()]) {
            sum += count;
        }
        return sum;
    }

    private double percentOf(long count) {
        return totalRequests == 0 ? 0.0 : percent(count, totalRequests);
    }

    private static double percent(long part, long whole) {
        return 100.0 * part / whole;
    }

    private static int authIndex(String authType) {
        for (int j = 0; j < AUTH_TYPES.length; j++) {
            if (AUTH_TYPES[j].equals(authType)) {
                return j;
            }
        }
        return 0;
    }

    private static long count(Map<String, ?> properties, String name) {
        return properties.get(name) instanceof Number number ? number.longValue() : 0;
    }

    private static double number(Map<String, ?> properties, String name) {
        return properties.get(name) instanceof Number number ? number.doubleValue() : 0.0;
    }
}
