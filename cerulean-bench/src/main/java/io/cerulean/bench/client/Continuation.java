package io.cerulean.bench.client;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.Optional;

/**
 * Where the next page of a query starts (contract 5.3): the values of the
 * {@code x-ms-continuation-Next*} headers, sent back as query parameters. The row key may be absent.
 */
public record Continuation(String partitionKey, String rowKey) {
    public Continuation {
        if (partitionKey == null) {
            throw new IllegalArgumentException("a continuation names at least the next partition");
        }
    }

    /** The continuation a response carries, if any. */
    public static Optional<Continuation> of(HttpHeaders headers) {
        String partition = headers.get("x-ms-continuation-NextPartitionKey");
        if (partition == null) {
            return Optional.empty();
        }
        return Optional.of(new Continuation(partition, headers.get("x-ms-continuation-NextRowKey")));
    }

    /** The query parameters that ask for the next page, to append with '&' or '?'. */
    public String queryParameters() {
        String next = "NextPartitionKey=" + Keys.component(partitionKey);
        return rowKey == null ? next : next + "&NextRowKey=" + Keys.component(rowKey);
    }
}
