package io.cerulean.bench.client;

/** What to load and as whom: an endpoint and the account name and key to sign with. */
public record Target(Endpoint endpoint, String account, String key) {
    /** Azurite's and Cerulean's well-known development account. */
    public static final String DEV_ACCOUNT = "devstoreaccount1";
    public static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    public static final String DEV_ENDPOINT = "http://127.0.0.1:10002/" + DEV_ACCOUNT;

    public Target {
        if (endpoint == null) {
            throw new IllegalArgumentException("no endpoint");
        }
        if (account == null || account.isBlank()) {
            throw new IllegalArgumentException("no account name");
        }
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("no account key");
        }
    }
}
