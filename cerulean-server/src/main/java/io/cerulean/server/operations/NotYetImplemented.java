package io.cerulean.server.operations;

import io.cerulean.core.error.ErrorCode;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.server.http.AzureResponse;

/** An operation of the Table service that Cerulean does not offer yet: 501 NotImplemented, saying which. */
public final class NotYetImplemented implements TableOperation {
    private final String operation;

    public NotYetImplemented(String operation) {
        this.operation = operation;
    }

    @Override
    public AzureResponse handle(RequestContext context) {
        throw new TableServiceException(ErrorCode.NOT_IMPLEMENTED,
                operation + " is not implemented by this version of Cerulean.");
    }
}
