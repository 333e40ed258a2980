package io.cerulean.bench.client;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the connection strings the Azure SDKs accept, as far as they name an account key:
 * {@code UseDevelopmentStorage=true}, or {@code AccountName}, {@code AccountKey} and either
 * {@code TableEndpoint} (or {@code QueueEndpoint}, {@code BlobEndpoint} for the Queue and Blob workloads) or
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
        return parse(connectionString, queue ? Service.QUEUE : Service.TABLE);
    }

    /** The target of {@code service}'s endpoint. */
    public static Target parse(String connectionString, Service service) {
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
            return new Target(Endpoint.parse(service.devEndpoint()),
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
        String endpoint = settings.get(service.endpointSetting().toLowerCase(Locale.ROOT));
        if (endpoint == null) {
            String protocol = settings.getOrDefault("defaultendpointsprotocol", "https");
            String suffix = settings.getOrDefault("endpointsuffix", "core.windows.net");
            endpoint = protocol + "://" + account + "." + service.hostLabel() + "." + suffix;
        }
        return new Target(Endpoint.parse(endpoint), account, key);
    }
}
