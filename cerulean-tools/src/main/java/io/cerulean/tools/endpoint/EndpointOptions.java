package io.cerulean.tools.endpoint;

import picocli.CommandLine.Option;

/**
 * The endpoint options every data tool takes: {@code --connection-string}, else a SAS URL, else the
 * Azure CLI's {@code AZURE_STORAGE_CONNECTION_STRING}.
 */
public final class EndpointOptions {
    @Option(names = "--connection-string", paramLabel = "CS",
            description = "the account's connection string (default: $AZURE_STORAGE_CONNECTION_STRING)")
    String connectionString;

    @Option(names = "--sas-url", paramLabel = "URL", description = "a service or resource URL carrying a SAS")
    String sasUrl;

    /**
     * The endpoint these options name.
     *
     * @throws IllegalArgumentException with a message for the user, when none is given or it does not parse
     */
    public StorageEndpoint endpoint() {
        if (connectionString != null && sasUrl != null) {
            throw new IllegalArgumentException("give --connection-string or --sas-url, not both");
        }
        if (sasUrl != null) {
            return StorageEndpoint.parse(sasUrl);
        }
        String text = connectionString != null ? connectionString : System.getenv(StorageEndpoint.CONNECTION_STRING_VARIABLE);
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no endpoint: give --connection-string, --sas-url or set "
                    + StorageEndpoint.CONNECTION_STRING_VARIABLE);
        }
        return StorageEndpoint.parse(text);
    }
}
