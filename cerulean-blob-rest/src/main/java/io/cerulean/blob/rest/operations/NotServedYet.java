package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/** An operation Cerulean routes but does not serve yet: 501 NotImplemented, naming it. */
public record NotServedYet(String operation) implements BlobRestOperation {
    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        throw new ServiceException(CommonError.NOT_IMPLEMENTED, CommonError.NOT_IMPLEMENTED.message()
                + " Cerulean does not serve " + operation + " yet.");
    }
}
