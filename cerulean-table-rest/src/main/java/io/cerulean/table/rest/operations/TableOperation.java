package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;

/** One REST operation of the Table service. Implementations are stateless and thread-safe. */
@FunctionalInterface
public interface TableOperation {
    /**
     * Performs the operation.
     *
     * @throws io.cerulean.table.error.TableServiceException for anything the client is told as an
     *                                                      Azure error; nothing has changed then
     */
    AzureResponse handle(RequestContext context);
}
