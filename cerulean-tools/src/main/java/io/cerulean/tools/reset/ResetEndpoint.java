package io.cerulean.tools.reset;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.policy.AddDatePolicy;
import com.azure.core.http.policy.AddHeadersPolicy;
import com.azure.core.util.logging.ClientLogger;
import com.azure.data.tables.TableAzureNamedKeyCredentialPolicy;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.implementation.connectionstring.StorageAuthenticationSettings;
import com.azure.storage.common.implementation.connectionstring.StorageConnectionString;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import java.util.Locale;

/**
 * Where {@code cerulean reset} sends its request: the first endpoint a connection string names (the
 * Blob endpoint for {@code UseDevelopmentStorage=true} or a string that names none), with the SDK
 * client's own pipeline for that service, whose Shared Key policy signs as that service checks. One
 * try: a reset is for a server at hand, and one that does not answer is reported at once.
 *
 * @param accountUrl the account's URL on that endpoint, e.g. {@code http://127.0.0.1:10000/devstoreaccount1}
 */
record ResetEndpoint(HttpPipeline pipeline, String accountUrl) {
    /** The Table service version the Table SDK sends. */
    private static final String TABLE_VERSION = "2020-12-06";

    /** @throws IllegalArgumentException when the connection string cannot be read, with the SDK's reason */
    static ResetEndpoint of(String connectionString) {
        return switch (firstService(connectionString)) {
            case "queueendpoint" -> {
                QueueServiceClient queues = new QueueServiceClientBuilder().connectionString(connectionString)
                        .retryOptions(oneTry()).buildClient();
                yield new ResetEndpoint(queues.getHttpPipeline(), queues.getQueueServiceUrl());
            }
            case "tableendpoint" -> table(connectionString);
            default -> {
                BlobServiceClient blobs = new BlobServiceClientBuilder().connectionString(connectionString)
                        .retryOptions(oneTry()).buildClient();
                yield new ResetEndpoint(blobs.getHttpPipeline(), blobs.getAccountUrl());
            }
        };
    }

    /**
     * The Table client keeps its pipeline to itself, so its own Shared Key policy is put in one, after
     * the date and version it signs.
     */
    private static ResetEndpoint table(String connectionString) {
        StorageConnectionString parsed = StorageConnectionString.create(connectionString,
                new ClientLogger(ResetEndpoint.class));
        StorageAuthenticationSettings.Account account = parsed.getStorageAuthSettings().getAccount();
        if (account == null || parsed.getTableEndpoint() == null) {
            throw new IllegalArgumentException("a reset needs the account's name and key (AccountName, AccountKey)");
        }
        HttpPipeline pipeline = new HttpPipelineBuilder().policies(
                new AddHeadersPolicy(new HttpHeaders().set(HttpHeaderName.fromString("x-ms-version"), TABLE_VERSION)),
                new AddDatePolicy(),
                new TableAzureNamedKeyCredentialPolicy(new AzureNamedKeyCredential(account.getName(),
                        account.getAccessKey()))).build();
        return new ResetEndpoint(pipeline, parsed.getTableEndpoint().getPrimaryUri());
    }

    /** The key of the first endpoint the string names, lower case; blob's when it names none. */
    private static String firstService(String connectionString) {
        for (String part : connectionString.split(";")) {
            int equals = part.indexOf('=');
            String key = equals < 0 ? "" : part.substring(0, equals).trim().toLowerCase(Locale.ROOT);
            if (key.equals("blobendpoint") || key.equals("queueendpoint") || key.equals("tableendpoint")) {
                return key;
            }
        }
        return "blobendpoint";
    }

    private static RequestRetryOptions oneTry() {
        return new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);
    }

    /** The URL of the reset: the account's, or every account's. */
    String resetUrl(boolean all) {
        String base = accountUrl.endsWith("/") ? accountUrl.substring(0, accountUrl.length() - 1) : accountUrl;
        return base + "/$reset" + (all ? "?scope=all" : "");
    }
}
