package io.cerulean.bench.client;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * What to load and as whom: the endpoints and the account name and key to sign with. Usually one
 * endpoint; several are servers sharing one store (Cerulean on Cassandra), over which the workers'
 * connections are spread round-robin: worker {@code i} talks to endpoint {@code i mod n}.
 */
public record Target(List<Endpoint> endpoints, String account, String key) {
    /** Azurite's and Cerulean's well-known development account. */
    public static final String DEV_ACCOUNT = "devstoreaccount1";
    public static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    public static final String DEV_ENDPOINT = "http://127.0.0.1:10002/" + DEV_ACCOUNT;
    public static final String DEV_QUEUE_ENDPOINT = "http://127.0.0.1:10001/" + DEV_ACCOUNT;
    public static final String DEV_BLOB_ENDPOINT = "http://127.0.0.1:10000/" + DEV_ACCOUNT;

    public Target {
        if (endpoints == null || endpoints.isEmpty()) {
            throw new IllegalArgumentException("no endpoint");
        }
        endpoints = List.copyOf(endpoints);
        if (new HashSet<>(endpoints).size() != endpoints.size()) {
            throw new IllegalArgumentException("an endpoint is given twice: " + endpoints);
        }
        if (account == null || account.isBlank()) {
            throw new IllegalArgumentException("no account name");
        }
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("no account key");
        }
    }

    public Target(Endpoint endpoint, String account, String key) {
        this(endpoint == null ? null : List.of(endpoint), account, key);
    }

    /** Parses one endpoint, or several separated by commas: {@code http://127.0.0.1:10002/a,http://127.0.0.1:10003/a}. */
    public static List<Endpoint> parseEndpoints(String urls) {
        List<Endpoint> endpoints = new ArrayList<>();
        for (String url : urls.split(",", -1)) {
            if (url.isBlank()) {
                throw new IllegalArgumentException("empty endpoint in " + urls);
            }
            endpoints.add(Endpoint.parse(url));
        }
        return endpoints;
    }

    /** The first endpoint: the only one of a usual run, the one a run's setup requests go to. */
    public Endpoint endpoint() {
        return endpoints.get(0);
    }

    /** The endpoint worker {@code worker} talks to: round-robin over the endpoints. */
    public Endpoint endpointOf(int worker) {
        return endpoints.get(worker % endpoints.size());
    }
}
