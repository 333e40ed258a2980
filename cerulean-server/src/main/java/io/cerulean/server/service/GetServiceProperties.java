package io.cerulean.server.service;

import io.cerulean.server.http.AzureResponse;
import io.cerulean.server.http.MediaTypes;
import io.cerulean.server.operations.RequestContext;
import io.cerulean.server.operations.TableOperation;

/**
 * Get Table Service Properties ({@code GET /<account>/?restype=service&comp=properties}): 200 with
 * the account's {@code StorageServiceProperties}, the defaults until something was set.
 */
public final class GetServiceProperties implements TableOperation {
    private final ServicePropertiesStore store;

    public GetServiceProperties(ServicePropertiesStore store) {
        this.store = store;
    }

    @Override
    public AzureResponse handle(RequestContext context) {
        ServiceQuery.require(context.request(), "properties");
        ServiceProperties properties = store.get(context.account());
        return AzureResponse.status(200).body(MediaTypes.XML, ServicePropertiesXml.write(properties));
    }
}
