package io.cerulean.queue.rest.xml;

import io.cerulean.http.xml.XmlWriter;
import io.cerulean.queue.model.QueueInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The List Queues answer (contract 3.1):
 * <pre>
 * &lt;EnumerationResults ServiceEndpoint="http://.../devstoreaccount1/"&gt;
 *   &lt;Prefix&gt;, &lt;Marker&gt;, &lt;MaxResults&gt;   (each only when the request gave it)
 *   &lt;Queues&gt;&lt;Queue&gt;&lt;Name&gt;q&lt;/Name&gt;[&lt;Metadata&gt;&lt;name&gt;value&lt;/name&gt;...&lt;/Metadata&gt;]&lt;/Queue&gt;...&lt;/Queues&gt;
 *   &lt;NextMarker&gt;name of the next queue, empty on the last page&lt;/NextMarker&gt;
 * &lt;/EnumerationResults&gt;
 * </pre>
 */
public final class QueueListXml {
    /** What the request asked for, echoed as the service does. */
    public record Request(Optional<String> prefix, Optional<String> marker, Optional<Integer> maxResults,
                          boolean includeMetadata) {
    }

    private QueueListXml() {
    }

    public static byte[] write(String serviceEndpoint, Request request, List<QueueInfo> queues,
                               Optional<String> nextMarker) {
        XmlWriter xml = new XmlWriter().startWithAttribute("EnumerationResults", "ServiceEndpoint", serviceEndpoint);
        request.prefix().ifPresent(p -> xml.element("Prefix", p));
        request.marker().ifPresent(m -> xml.element("Marker", m));
        request.maxResults().ifPresent(m -> xml.element("MaxResults", m));
        if (queues.isEmpty()) {
            xml.empty("Queues");
        } else {
            xml.start("Queues");
            for (QueueInfo queue : queues) {
                xml.start("Queue").element("Name", queue.name());
                if (request.includeMetadata()) {
                    metadata(xml, queue.metadata().pairs());
                }
                xml.end("Queue");
            }
            xml.end("Queues");
        }
        return xml.element("NextMarker", nextMarker.orElse("")).end("EnumerationResults").bytes();
    }

    private static void metadata(XmlWriter xml, Map<String, String> pairs) {
        if (pairs.isEmpty()) {
            xml.empty("Metadata");
            return;
        }
        xml.start("Metadata");
        pairs.forEach(xml::element);
        xml.end("Metadata");
    }
}
