package io.cerulean.examples.support;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;

/**
 * The SDK clients an example uses, built from a connection string as an application builds them,
 * each with {@link Traffic} added so the example can say what its requests cost.
 */
public final class Clients {
    private Clients() {
    }

    public static TableServiceClient tables(String connectionString, Traffic traffic) {
        return new TableServiceClientBuilder().connectionString(connectionString).addPolicy(traffic).buildClient();
    }

    public static QueueServiceClient queues(String connectionString, Traffic traffic) {
        return new QueueServiceClientBuilder().connectionString(connectionString).addPolicy(traffic).buildClient();
    }

    public static BlobServiceClient blobs(String connectionString, Traffic traffic) {
        return new BlobServiceClientBuilder().connectionString(connectionString).addPolicy(traffic).buildClient();
    }

    /**
     * The connection string an example's {@code main} runs against: its first argument, else
     * {@code AZURE_STORAGE_CONNECTION_STRING} as the Azure CLI reads it, else the development account
     * on this machine (Cerulean's or Azurite's default ports).
     */
    public static String connectionString(String[] args) {
        if (args.length > 0) {
            return args[0];
        }
        String fromEnvironment = System.getenv("AZURE_STORAGE_CONNECTION_STRING");
        return fromEnvironment != null && !fromEnvironment.isBlank() ? fromEnvironment : "UseDevelopmentStorage=true";
    }
}
