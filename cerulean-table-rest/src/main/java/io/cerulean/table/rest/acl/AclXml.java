package io.cerulean.table.rest.acl;

import io.cerulean.common.error.CommonError;
import io.cerulean.core.acl.StoredAccessPolicy;
import io.cerulean.core.acl.TableAcl;
import io.cerulean.core.error.TableServiceException;
import io.cerulean.core.model.DateTimes;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The {@code <SignedIdentifiers>} document of Get and Set Table ACL (contract 3.5, 3.6):
 * <pre>
 * &lt;SignedIdentifiers&gt;
 *   &lt;SignedIdentifier&gt;
 *     &lt;Id&gt;policy1&lt;/Id&gt;
 *     &lt;AccessPolicy&gt;                         (optional)
 *       &lt;Start&gt;2021-07-08T09:10:09.0000000Z&lt;/Start&gt;   (each optional)
 *       &lt;Expiry&gt;...&lt;/Expiry&gt;
 *       &lt;Permission&gt;raud&lt;/Permission&gt;
 *     &lt;/AccessPolicy&gt;
 *   &lt;/SignedIdentifier&gt;
 * &lt;/SignedIdentifiers&gt;
 * </pre>
 * Reading accepts the times every SDK sends (with or without fractional seconds, {@code Z} or an
 * offset: the Java SDK sends {@code 2021-07-08T09:10:09+02:00}); writing gives them seven
 * fractional digits in UTC, as the service does. A policy without fields is written without its
 * {@code AccessPolicy} element, absent fields without theirs.
 *
 * <p>Reading throws InvalidXmlDocument for anything that is not this document (including any
 * DTD: no entity is ever expanded or fetched) and InvalidXmlNodeValue for a value out of bounds.
 */
public final class AclXml {
    private static final String DECLARATION = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";
    private static final String ROOT = "SignedIdentifiers";
    private static final String IDENTIFIER = "SignedIdentifier";
    private static final String ID = "Id";
    private static final String POLICY = "AccessPolicy";
    private static final String START = "Start";
    private static final String EXPIRY = "Expiry";
    private static final String PERMISSION = "Permission";
    private static final List<String> POLICY_FIELDS = List.of(START, EXPIRY, PERMISSION);

    private AclXml() {
    }

    /** The Get Table ACL body. */
    public static byte[] write(TableAcl acl) {
        StringBuilder xml = new StringBuilder(DECLARATION);
        if (acl.policies().isEmpty()) {
            return xml.append("<SignedIdentifiers />").toString().getBytes(StandardCharsets.UTF_8);
        }
        xml.append("<SignedIdentifiers>");
        for (StoredAccessPolicy policy : acl.policies()) {
            xml.append("<SignedIdentifier><Id>").append(escape(policy.id())).append("</Id>");
            if (policy.start().isPresent() || policy.expiry().isPresent() || policy.permission().isPresent()) {
                xml.append("<AccessPolicy>");
                policy.start().ifPresent(t -> element(xml, START, DateTimes.formatSevenDigits(t)));
                policy.expiry().ifPresent(t -> element(xml, EXPIRY, DateTimes.formatSevenDigits(t)));
                policy.permission().ifPresent(p -> element(xml, PERMISSION, escape(p)));
                xml.append("</AccessPolicy>");
            }
            xml.append("</SignedIdentifier>");
        }
        return xml.append("</SignedIdentifiers>").toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The ACL a Set Table ACL body asks for; an empty (or blank) body asks for none.
     *
     * @throws TableServiceException InvalidXmlDocument or InvalidXmlNodeValue, as above
     */
    public static TableAcl read(byte[] body) {
        if (new String(body, StandardCharsets.UTF_8).isBlank()) {
            return TableAcl.empty();
        }
        XMLStreamReader xml = null;
        try {
            xml = newFactory().createXMLStreamReader(new ByteArrayInputStream(body));
            if (nextTag(xml) != XMLStreamConstants.START_ELEMENT || !xml.getLocalName().equals(ROOT)) {
                throw invalidDocument("The root element must be <" + ROOT + ">.");
            }
            List<StoredAccessPolicy> policies = new ArrayList<>();
            while (nextTag(xml) == XMLStreamConstants.START_ELEMENT) {
                if (!xml.getLocalName().equals(IDENTIFIER)) {
                    throw unexpected(xml, ROOT);
                }
                policies.add(readIdentifier(xml));
            }
            if (nextTag(xml) != XMLStreamConstants.END_DOCUMENT) {
                throw invalidDocument("Nothing may follow </" + ROOT + ">.");
            }
            return new TableAcl(policies);
        } catch (XMLStreamException e) {
            throw invalidDocument(describe(e));
        } finally {
            close(xml);
        }
    }

    /** One {@code <SignedIdentifier>}, the reader on its start tag; leaves it on its end tag. */
    private static StoredAccessPolicy readIdentifier(XMLStreamReader xml) throws XMLStreamException {
        String id = null;
        Map<String, String> fields = null;
        while (nextTag(xml) == XMLStreamConstants.START_ELEMENT) {
            String name = xml.getLocalName();
            if (name.equals(ID) && id == null) {
                id = elementText(xml);
            } else if (name.equals(POLICY) && fields == null) {
                fields = readPolicyFields(xml);
            } else {
                throw unexpected(xml, IDENTIFIER);
            }
        }
        if (id == null) {
            throw invalidDocument("A <" + IDENTIFIER + "> has no <" + ID + ">.");
        }
        Map<String, String> given = fields == null ? Map.of() : fields;
        // Converted only now that the id is known, whichever order the elements came in, so errors can name it.
        return new StoredAccessPolicy(id, instant(given, START, id), instant(given, EXPIRY, id),
                text(given, PERMISSION));
    }

    /** The texts of an {@code <AccessPolicy>}'s fields by element name, each at most once. */
    private static Map<String, String> readPolicyFields(XMLStreamReader xml) throws XMLStreamException {
        Map<String, String> fields = new HashMap<>();
        while (nextTag(xml) == XMLStreamConstants.START_ELEMENT) {
            String name = xml.getLocalName();
            if (!POLICY_FIELDS.contains(name) || fields.containsKey(name)) {
                throw unexpected(xml, POLICY);
            }
            fields.put(name, elementText(xml));
        }
        return fields;
    }

    /** The text of an element that holds text only, the reader on its start tag; leaves it on its end tag. */
    private static String elementText(XMLStreamReader xml) throws XMLStreamException {
        String name = xml.getLocalName();
        StringBuilder text = new StringBuilder();
        while (true) {
            switch (xml.next()) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE:
                    text.append(xml.getText());
                    break;
                case XMLStreamConstants.COMMENT, XMLStreamConstants.PROCESSING_INSTRUCTION:
                    break;
                case XMLStreamConstants.END_ELEMENT:
                    return text.toString();
                case XMLStreamConstants.START_ELEMENT:
                    throw unexpected(xml, name);
                default:
                    throw invalidDocument(at(xml) + "unexpected XML content in <" + name + ">.");
            }
        }
    }

    /** A field's trimmed text; an empty element counts as absent, like a missing one. */
    private static Optional<String> text(Map<String, String> fields, String name) {
        return Optional.ofNullable(fields.get(name)).map(String::trim).filter(t -> !t.isEmpty());
    }

    private static Optional<Instant> instant(Map<String, String> fields, String name, String id) {
        Optional<String> text = text(fields, name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        Optional<Instant> instant = DateTimes.parse(text.get());
        if (instant.isEmpty()) {
            throw new TableServiceException(CommonError.INVALID_XML_NODE_VALUE, "The " + name + " of signed identifier '"
                    + id + "' is not an ISO 8601 date-time the service accepts: '" + text.get() + "'.");
        }
        return instant;
    }

    /**
     * Moves to the next start tag, end tag or the end of the document, past whitespace, comments
     * and processing instructions. Text where only elements belong, and any DTD, are refused.
     */
    private static int nextTag(XMLStreamReader xml) throws XMLStreamException {
        while (true) {
            int event = xml.next();
            switch (event) {
                case XMLStreamConstants.START_ELEMENT, XMLStreamConstants.END_ELEMENT, XMLStreamConstants.END_DOCUMENT:
                    return event;
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE:
                    if (!xml.getText().isBlank()) {
                        throw invalidDocument(at(xml) + "text is not allowed here.");
                    }
                    break;
                case XMLStreamConstants.COMMENT, XMLStreamConstants.PROCESSING_INSTRUCTION:
                    break;
                case XMLStreamConstants.DTD:
                    throw invalidDocument("A document type declaration is not allowed.");
                default:
                    throw invalidDocument(at(xml) + "unexpected XML content.");
            }
        }
    }

    /**
     * A new JDK parser (not whichever StAX implementation the classpath offers) that neither reads
     * DTDs nor resolves external entities: the body is untrusted (XXE). A factory per call because
     * the JDK does not promise that one is safe to share between threads; ACL requests are rare.
     */
    private static XMLInputFactory newFactory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return factory;
    }

    private static TableServiceException unexpected(XMLStreamReader xml, String parent) {
        return invalidDocument(at(xml) + "<" + xml.getLocalName() + "> is not expected in <" + parent + ">.");
    }

    private static TableServiceException invalidDocument(String detail) {
        return new TableServiceException(CommonError.INVALID_XML_DOCUMENT,
                CommonError.INVALID_XML_DOCUMENT.message() + " " + detail);
    }

    private static String at(XMLStreamReader xml) {
        Location location = xml.getLocation();
        return "Line " + location.getLineNumber() + ", column " + location.getColumnNumber() + ": ";
    }

    /** The parser's own words without the JDK's "ParseError at [row,col]:[r,c]\nMessage: " prefix. */
    private static String describe(XMLStreamException e) {
        String message = String.valueOf(e.getMessage());
        int cut = message.indexOf("Message: ");
        String text = cut < 0 ? message : message.substring(cut + "Message: ".length());
        Location location = e.getLocation();
        return location == null ? text
                : "Line " + location.getLineNumber() + ", column " + location.getColumnNumber() + ": " + text;
    }

    private static void close(XMLStreamReader xml) {
        if (xml != null) {
            try {
                xml.close();
            } catch (XMLStreamException e) {
                // nothing was held but the byte array
            }
        }
    }

    private static void element(StringBuilder xml, String name, String escapedText) {
        xml.append('<').append(name).append('>').append(escapedText).append("</").append(name).append('>');
    }

    /** Text content as XML: markup characters as entities, and CR as a reference so parsers keep it. */
    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;");
    }
}
