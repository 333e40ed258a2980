package io.cerulean.blob.rest.xml;

import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.http.message.HttpDates;
import java.time.Instant;
import io.cerulean.http.xml.XmlWriter;
import java.util.List;
import java.util.Optional;

/**
 * The List Containers answer (contract 3.1):
 * <pre>
 * &lt;EnumerationResults ServiceEndpoint="http://.../devstoreaccount1/"&gt;
 *   &lt;Prefix&gt;, &lt;Marker&gt;, &lt;MaxResults&gt;   (each only when the request gave it)
 *   &lt;Containers&gt;&lt;Container&gt;&lt;Name&gt;c&lt;/Name&gt;&lt;Properties&gt;...&lt;/Properties&gt;[&lt;Metadata&gt;...]&lt;/Container&gt;...&lt;/Containers&gt;
 *   &lt;NextMarker&gt;name of the next container, empty on the last page&lt;/NextMarker&gt;
 * &lt;/EnumerationResults&gt;
 * </pre>
 * A container's {@code Etag} is quoted here, as the service writes it.
 */
public final class ContainerListXml {
    /** What the request asked for, echoed as the service does. */
    public record Request(Optional<String> prefix, Optional<String> marker, Optional<Integer> maxResults,
                          boolean includeMetadata) {
    }

    private ContainerListXml() {
    }

    public static byte[] write(String serviceEndpoint, Request request, List<ContainerProperties> containers,
                               Optional<String> nextMarker, Instant now) {
        XmlWriter xml = new XmlWriter().startWithAttribute("EnumerationResults", "ServiceEndpoint", serviceEndpoint);
        request.prefix().ifPresent(p -> xml.element("Prefix", p));
        request.marker().ifPresent(m -> xml.element("Marker", m));
        request.maxResults().ifPresent(m -> xml.element("MaxResults", m));
        if (containers.isEmpty()) {
            xml.empty("Containers");
        } else {
            xml.start("Containers");
            for (ContainerProperties container : containers) {
                xml.start("Container").element("Name", container.name()).start("Properties")
                        .element("Last-Modified", HttpDates.format(container.lastModified()))
                        .element("Etag", ETags.quoted(container.etag()));
                Lease.State state = container.lease().state(now);
                xml.element("LeaseStatus", state.status()).element("LeaseState", state.wireName());
                if (state == Lease.State.LEASED) {
                    xml.element("LeaseDuration", container.lease().durationName());
                }
                if (container.publicAccess().wireName() != null) {
                    xml.element("PublicAccess", container.publicAccess().wireName());
                }
                xml.element("HasImmutabilityPolicy", false).element("HasLegalHold", false).end("Properties");
                if (request.includeMetadata()) {
                    MetadataXml.write(xml, container.metadata());
                }
                xml.end("Container");
            }
            xml.end("Containers");
        }
        return xml.element("NextMarker", nextMarker.orElse("")).end("EnumerationResults").bytes();
    }
}
