package io.cerulean.table.rest.service;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesUpdate;
import io.cerulean.http.properties.ServicePropertiesXml;
import io.cerulean.http.properties.ServiceQuery;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;

/**
 * Set Table Service Properties ({@code PUT /<account>/?restype=service&comp=properties}): replaces
 * the sections the body carries, keeps the others, and answers 202 Accepted with no body once the
 * result is durable. A body the service refuses (400 InvalidXmlDocument or InvalidXmlNodeValue)
 * changes nothing. New CORS rules apply from the next request on.
 */
public final class SetServiceProperties implements TableOperation {
    private final ServicePropertiesStore store;

    public SetServiceProperties(ServicePropertiesStore store) {
        this.store = store;
    }

    @Override
    public AzureResponse handle(RequestContext context) {
        ServiceQuery.require(context.request(), "properties");
        ServicePropertiesUpdate update = ServicePropertiesXml.readUpdate(context.request().body());
        store.update(context.account(), update);
        return AzureResponse.status(202);
    }
}
