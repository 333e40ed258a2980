package io.cerulean.table.rest.service;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.ServiceProperties;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesXml;
import io.cerulean.http.properties.ServiceQuery;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;

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
