package io.cerulean.blob.rest.xml;

import io.cerulean.blob.service.FoundBlob;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.xml.XmlDocuments;
import io.cerulean.http.xml.XmlElement;
import io.cerulean.http.xml.XmlWriter;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Blob index tags in XML: Set Blob Tags' body and Get Blob Tags' answer,
 * <pre>
 * &lt;Tags&gt;&lt;TagSet&gt;&lt;Tag&gt;&lt;Key&gt;k&lt;/Key&gt;&lt;Value&gt;v&lt;/Value&gt;&lt;/Tag&gt;...&lt;/TagSet&gt;&lt;/Tags&gt;
 * </pre>
 * the same set in List Blobs ({@code include=tags}), and Find Blobs by Tags' answer,
 * <pre>
 * &lt;EnumerationResults ServiceEndpoint="..."&gt;&lt;Where&gt;...&lt;/Where&gt;
 *   &lt;Blobs&gt;&lt;Blob&gt;&lt;Name/&gt;&lt;ContainerName/&gt;&lt;Tags&gt;&lt;TagSet&gt;...&lt;/TagSet&gt;&lt;/Tags&gt;&lt;/Blob&gt;...&lt;/Blobs&gt;
 *   &lt;NextMarker/&gt;&lt;/EnumerationResults&gt;
 * </pre>
 * Keys and values are taken as sent, spaces included: they are case- and space-sensitive.
 */
public final class TagsXml {
    private TagsXml() {
    }

    /** The tags a Set Blob Tags body holds, in order, unchecked; 400 InvalidXmlDocument for another document. */
    public static List<Map.Entry<String, String>> read(byte[] body) {
        XmlElement root = XmlDocuments.parse(body);
        if (!root.name().equals("Tags")) {
            throw new ServiceException(CommonError.INVALID_XML_DOCUMENT, CommonError.INVALID_XML_DOCUMENT.message()
                    + " The body of Set Blob Tags is a <Tags>, not a <" + root.name() + ">.");
        }
        List<Map.Entry<String, String>> tags = new ArrayList<>();
        Optional<XmlElement> set = root.optionalChild("TagSet");
        if (set.isEmpty()) {
            return tags;
        }
        for (XmlElement tag : set.get().children()) {
            if (!tag.name().equals("Tag")) {
                throw new ServiceException(CommonError.INVALID_XML_DOCUMENT, CommonError.INVALID_XML_DOCUMENT
                        .message() + " A <TagSet> holds <Tag> elements, not <" + tag.name() + ">.");
            }
            String key = tag.child("Key").text();
            String value = tag.optionalChild("Value").map(XmlElement::text).orElse("");
            tags.add(new AbstractMap.SimpleImmutableEntry<>(key, value));
        }
        return tags;
    }

    /** Get Blob Tags' answer. */
    public static byte[] write(Map<String, String> tags) {
        XmlWriter xml = new XmlWriter().start("Tags");
        tagSet(xml, tags);
        return xml.end("Tags").bytes();
    }

    /** {@code <Tags><TagSet>...</TagSet></Tags>} within a larger document. */
    public static void writeTags(XmlWriter xml, Map<String, String> tags) {
        xml.start("Tags");
        tagSet(xml, tags);
        xml.end("Tags");
    }

    private static void tagSet(XmlWriter xml, Map<String, String> tags) {
        if (tags.isEmpty()) {
            xml.empty("TagSet");
            return;
        }
        xml.start("TagSet");
        tags.forEach((key, value) -> xml.start("Tag").element("Key", key).element("Value", value).end("Tag"));
        xml.end("TagSet");
    }

    /** Find Blobs by Tags' answer. */
    public static byte[] writeFound(String serviceEndpoint, String where, List<FoundBlob> blobs,
                                    Optional<String> nextMarker) {
        XmlWriter xml = new XmlWriter().startWithAttribute("EnumerationResults", "ServiceEndpoint", serviceEndpoint)
                .element("Where", where);
        if (blobs.isEmpty()) {
            xml.empty("Blobs");
        } else {
            xml.start("Blobs");
            for (FoundBlob blob : blobs) {
                xml.start("Blob").encodableElement("Name", blob.name()).element("ContainerName", blob.container());
                writeTags(xml, blob.tags());
                xml.end("Blob");
            }
            xml.end("Blobs");
        }
        return xml.element("NextMarker", nextMarker.orElse("")).end("EnumerationResults").bytes();
    }
}
