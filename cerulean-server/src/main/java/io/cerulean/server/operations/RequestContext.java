package io.cerulean.server.operations;

import io.cerulean.core.service.TableService;
import io.cerulean.server.http.AzureRequest;
import io.cerulean.server.http.MetadataLevel;
import io.cerulean.server.routing.Resource;

/**
 * What an operation gets: the request and its id ({@code x-ms-request-id}), the resource it
 * addresses, the authenticated account, the negotiated JSON metadata level, the account's base URL
 * (for links) and the service to act on.
 */
public record RequestContext(AzureRequest request, String requestId, Resource resource, String account,
                             MetadataLevel level, String baseUrl, TableService service) {
}
