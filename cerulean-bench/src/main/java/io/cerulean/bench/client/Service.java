package io.cerulean.bench.client;

/** The storage service an endpoint belongs to: its development endpoint and its connection string setting. */
public enum Service {
    TABLE("Table", Target.DEV_ENDPOINT),
    QUEUE("Queue", Target.DEV_QUEUE_ENDPOINT),
    BLOB("Blob", Target.DEV_BLOB_ENDPOINT);

    private final String title;
    private final String devEndpoint;

    Service(String title, String devEndpoint) {
        this.title = title;
        this.devEndpoint = devEndpoint;
    }

    /** "Table", "Queue", "Blob". */
    public String title() {
        return title;
    }

    /** The emulators' endpoint, e.g. {@code http://127.0.0.1:10000/devstoreaccount1}. */
    public String devEndpoint() {
        return devEndpoint;
    }

    /** The connection string setting naming the endpoint: {@code TableEndpoint}, {@code QueueEndpoint}, {@code BlobEndpoint}. */
    public String endpointSetting() {
        return title + "Endpoint";
    }

    /** The cloud host's label: {@code <account>.blob.core.windows.net}. */
    public String hostLabel() {
        return title.toLowerCase(java.util.Locale.ROOT);
    }
}
