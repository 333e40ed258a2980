package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.BlobListXml;
import io.cerulean.blob.service.BlobList;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.Include;
import io.cerulean.blob.service.ListPosition;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MaxResults;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.message.QueryParameters;
import io.cerulean.http.properties.ServicePropertiesStore;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * List Blobs: a page of a container's blobs in name order, flat or by hierarchy under a
 * {@code delimiter}, from {@code marker} on. The marker is opaque to clients: the next name and
 * snapshot, {@code 1!<name, Base64url>!<snapshot ticks, or -1 for the blob>}, so that any name
 * travels safely in a URL and in XML. At most {@link #MAX_RESULTS} items a page, a larger
 * {@code maxresults} served as that ({@link MaxResults}). Names XML cannot carry are listed encoded
 * ({@link BlobListXml}); a {@code prefix} or {@code delimiter} XML cannot carry is refused, as the
 * answer must echo it and Azure's way of doing so is not known.
 */
public final class ListBlobs implements BlobRestOperation {
    public static final int MAX_RESULTS = 5000;
    /** What {@code include} may name on List Blobs; the datasets Cerulean does not keep list nothing more. */
    static final Set<String> BLOB_INCLUDES = Set.of("snapshots", "metadata", "uncommittedblobs", "copy", "deleted",
            "tags", "versions", "deletedwithversions", "immutabilitypolicy", "legalhold", "permissions");
    static final Set<String> CONTAINER_INCLUDES = Set.of("metadata", "deleted", "system");
    private static final String MARKER_PREFIX = "1!";

    private final BlobService service;
    private final ServicePropertiesStore properties;

    public ListBlobs(BlobService service, ServicePropertiesStore properties) {
        this.service = service;
        this.properties = properties;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        String prefix = QueryParameters.echoedText(request, "prefix");
        String delimiter = QueryParameters.echoedText(request, "delimiter");
        // Echoed too, but only once read as a marker this service wrote, which XML always carries.
        String marker = request.queryParameter("marker");
        MaxResults max = MaxResults.of(request, MAX_RESULTS);
        boolean includeMetadata = includes(request, "metadata", BLOB_INCLUDES);
        boolean versions = includes(request, "versions", BLOB_INCLUDES);
        Include include = new Include(includes(request, "snapshots", BLOB_INCLUDES),
                includes(request, "uncommittedblobs", BLOB_INCLUDES), versions,
                includes(request, "deleted", BLOB_INCLUDES));
        Optional<ListPosition> from = Optional.ofNullable(marker).filter(m -> !m.isEmpty())
                .map(ListBlobs::decodeMarker);
        BlobList page = service.listBlobs(resource.account(), resource.container(),
                prefix == null ? "" : prefix, delimiter == null || delimiter.isEmpty() ? null : delimiter, from,
                max.limit(), include);
        BlobListXml.Request echo = new BlobListXml.Request(Optional.ofNullable(prefix), Optional.ofNullable(marker),
                max.echo(), Optional.ofNullable(delimiter), includeMetadata, includes(request, "tags", BLOB_INCLUDES), versions,
                include.deleted() ? DeleteBlob.retention(properties, resource.account()) : null,
                includes(request, "copy", BLOB_INCLUDES));
        String endpoint = BlobPathParser.URLS.accountBaseUrl(request, resource.account()) + "/";
        return AzureResponse.status(200).body(MediaTypes.XML, BlobListXml.write(endpoint, resource.container(), echo,
                page.items(), page.next().map(ListBlobs::encodeMarker), service.now()));
    }

    /**
     * Whether {@code include} names {@code dataset}; 400 InvalidQueryParameterValue when it names
     * anything that is not one of {@code known}.
     */
    static boolean includes(AzureRequest request, String dataset, Set<String> known) {
        String include = request.queryParameter("include");
        if (include == null || include.isEmpty()) {
            return false;
        }
        boolean found = false;
        for (String part : include.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            if (!known.contains(name)) {
                throw QueryParameters.invalid("include", include, "'" + part.trim() + "' is not a dataset to include.");
            }
            found |= name.equals(dataset);
        }
        return found;
    }

    /** A version's position is written {@code v<ticks>} where a snapshot's is its ticks. */
    static String encodeMarker(ListPosition position) {
        return MARKER_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(
                position.name().getBytes(StandardCharsets.UTF_8)) + "!"
                + (position.version() != BlobProperties.BASE ? "v" + position.version() : position.snapshot());
    }

    private static ListPosition decodeMarker(String marker) {
        int bang = marker.lastIndexOf('!');
        if (!marker.startsWith(MARKER_PREFIX) || bang < MARKER_PREFIX.length()) {
            throw QueryParameters.invalid("marker", marker, "It is not a marker this service wrote.");
        }
        try {
            String name = new String(Base64.getUrlDecoder().decode(marker.substring(MARKER_PREFIX.length(), bang)),
                    StandardCharsets.UTF_8);
            String row = marker.substring(bang + 1);
            return row.startsWith("v") ? new ListPosition(name, BlobProperties.BASE,
                    Long.parseLong(row.substring(1))) : new ListPosition(name, Long.parseLong(row));
        } catch (IllegalArgumentException e) {
            throw QueryParameters.invalid("marker", marker, "It is not a marker this service wrote.");
        }
    }
}
