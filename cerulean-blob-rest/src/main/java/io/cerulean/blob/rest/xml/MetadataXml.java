package io.cerulean.blob.rest.xml;

import io.cerulean.http.xml.XmlWriter;
import java.util.Map;

/** Metadata in a listing: {@code <Metadata><Name>value</Name>...</Metadata>}, names in the case they were set. */
final class MetadataXml {
    private MetadataXml() {
    }

    static void write(XmlWriter xml, Map<String, String> pairs) {
        if (pairs.isEmpty()) {
            xml.empty("Metadata");
            return;
        }
        xml.start("Metadata");
        pairs.forEach(xml::element);
        xml.end("Metadata");
    }
}
