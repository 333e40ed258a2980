package io.cerulean.bench.client;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the connection strings the Azure SDKs accept, as far as they name an account key:
 * {@code UseDevelopmentStorage=true}, or {@code AccountName}, {@code AccountKey} and either
 * {@code TableEndpoint} (or {@code QueueEndpoint} for the Queue workloads) or
 * {@code DefaultEndpointsProtocol} (+ {@code EndpointSuffix}).
 * Setting names are case-insensitive; a value may contain '=' (base64 keys do).
 */
public final class ConnectionString {
    private ConnectionString() {
    }

    public static Target parse(String connectionString) {
        return parse(connectionString, false);
    }

    /** @param queue the Queue service's endpoint rather than the Table service's */
    public static Target parse(String connectionString, boolean queue) {
        Map<String, String> settings = new HashMap<>();
        for (String part : connectionString.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("connection string part without '=': " + part.trim());
            }
            settings.put(part.substring(0, eq).trim().toLowerCase(Locale.ROOT), part.substring(eq + 1).trim());
        }
        if ("true".equalsIgnoreCase(settings.get("usedevelopmentstorage"))) {
            return new Target(Endpoint.parse(queue ? Target.DEV_QUEUE_ENDPOINT : Target.DEV_ENDPOINT),
                    Target.DEV_ACCOUNT, Target.DEV_KEY);
        }
        if (settings.containsKey("sharedaccesssignature")) {
            throw new IllegalArgumentException("SAS connection strings are not supported: give the account key");
        }
        String account = settings.get("accountname");
        String key = settings.get("accountkey");
        if (account == null || key == null) {
            throw new IllegalArgumentException("connection string needs AccountName and AccountKey");
        }
        String endpoint = settings.get(queue ? "queueendpoint" : "tableendpoint");
        if (endpoint == null) {
            String protocol = settings.getOrDefault("defaultendpointsprotocol", "https");
            String suffix = settings.getOrDefault("endpointsuffix", "core.windows.net");
            endpoint = protocol + "://" + account + (queue ? ".queue." : ".table.") + suffix;
        }
        return new Target(Endpoint.parse(endpoint), account, key);
    }
}
