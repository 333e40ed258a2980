package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobTags;
import io.cerulean.blob.model.TagFilter;
import io.cerulean.blob.model.TagFilterParser;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.rest.xml.TagsXml;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.FindPosition;
import io.cerulean.blob.service.FoundBlobs;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MaxResults;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.message.QueryParameters;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Find Blobs by Tags, of the account ({@code GET /?comp=blobs&where=...}) or of one container
 * ({@code GET /c?restype=container&comp=blobs&where=...}): the blobs whose tags pass {@code where},
 * each with the tags it names, at most {@link #MAX_RESULTS} a page ({@code maxresults}), from
 * {@code marker} on. A {@code where} that breaks the grammar or its limits ({@link TagFilterParser}),
 * or names {@code @container} in a container's search, is 400 InvalidQueryParameterValue with the
 * parser's words as its message. The marker is opaque to clients:
 * {@code 1!<tag value>!<container>!<blob>}, each Base64url, the last blob of the page.
 */
public final class FindBlobsByTags implements BlobRestOperation {
    public static final int MAX_RESULTS = 5000;
    private static final String MARKER_PREFIX = "1!";

    private final BlobService service;

    public FindBlobsByTags(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        String where = QueryParameters.requiredText(request, "where");
        TagFilter filter;
        try {
            filter = TagFilterParser.parse(where, TagFilterParser.Use.FIND);
        } catch (TagFilterParser.SyntaxError e) {
            throw invalidWhere(where, e.getMessage());
        }
        String container = resource.kind() == BlobResourceKind.CONTAINER ? resource.container() : null;
        if (container != null && TagFilterParser.conjunction(filter).stream()
                .anyMatch(term -> term.key().equals(TagFilter.CONTAINER))) {
            throw invalidWhere(where, "Error parsing query: Cannot have container in both uri and query");
        }
        MaxResults max = MaxResults.of(request, MAX_RESULTS);
        String marker = request.queryParameter("marker");
        Optional<FindPosition> from = marker == null || marker.isEmpty() ? Optional.empty()
                : Optional.of(decode(marker));
        FoundBlobs found = service.tags().find(resource.account(), container, filter, from, max.limit());
        String endpoint = BlobPathParser.URLS.accountBaseUrl(request, resource.account()) + "/";
        return AzureResponse.status(200).body(MediaTypes.XML, TagsXml.writeFound(endpoint, where, found.blobs(),
                found.next().map(FindBlobsByTags::encode)));
    }

    /**
     * 400 InvalidQueryParameterValue as the service words a {@code where} it cannot read: what is
     * wrong as the message (the SDKs show it), the parameter and its value beside it.
     */
    private static ServiceException invalidWhere(String where, String what) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("QueryParameterName", "where");
        details.put("QueryParameterValue", where);
        details.put("Reason", "This query parameter value is invalid.");
        return new ServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE, what, details);
    }

    static String encode(FindPosition position) {
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        return MARKER_PREFIX + base64.encodeToString(position.value().getBytes(StandardCharsets.UTF_8)) + "!"
                + base64.encodeToString(position.container().getBytes(StandardCharsets.UTF_8)) + "!"
                + base64.encodeToString(position.blob().getBytes(StandardCharsets.UTF_8));
    }

    static FindPosition decode(String marker) {
        String[] parts = marker.split("!", -1);
        if (parts.length != 4 || !marker.startsWith(MARKER_PREFIX)) {
            throw QueryParameters.invalid("marker", marker, "It is not a marker this service wrote.");
        }
        FindPosition position;
        try {
            Base64.Decoder base64 = Base64.getUrlDecoder();
            position = new FindPosition(new String(base64.decode(parts[1]), StandardCharsets.UTF_8),
                    new String(base64.decode(parts[2]), StandardCharsets.UTF_8),
                    new String(base64.decode(parts[3]), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw QueryParameters.invalid("marker", marker, "It is not a marker this service wrote.");
        }
        if (!BlobTags.allowed(position.value())) { // it becomes a partition of the index: no other bytes
            throw QueryParameters.invalid("marker", marker, "It is not a marker this service wrote.");
        }
        return position;
    }
}
