package io.cerulean.http.xml;

import java.io.ByteArrayInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the small XML documents clients send into a tree of {@link XmlElement}s, with the JDK's
 * StAX parser. Safe with untrusted input: a document type declaration is refused outright (no DTD,
 * no external or internal entities, so no XXE and no entity expansion), and elements nest at most
 * {@value #MAX_DEPTH} deep. Anything not well-formed is 400 InvalidXmlDocument, and so is a document
 * declaring another version than 1.0: XML 1.1 lets character references bring in the controls that
 * XML 1.0 cannot carry, and the service writes every value it keeps back into XML 1.0 documents
 * (as Azure's parser, which reads no 1.1, refuses them too). The body is already bounded by the
 * server's request size limit.
 */
public final class XmlDocuments {
    public static final int MAX_DEPTH = 32;

    private XmlDocuments() {
    }

    /** The document's root element. */
    public static XmlElement parse(byte[] body) {
        if (body.length == 0) {
            throw InvalidXml.document("The request body is empty.");
        }
        try {
            XMLStreamReader reader = factory().createXMLStreamReader(new ByteArrayInputStream(body));
            try {
                String version = reader.getVersion();
                if (version != null && !version.equals("1.0")) {
                    throw InvalidXml.document("Only XML 1.0 is read; the document declares version " + version + ".");
                }
                return read(reader);
            } finally {
                reader.close();
            }
        } catch (XMLStreamException e) {
            throw InvalidXml.document("The document is not well-formed XML.");
        }
    }

    private static XmlElement read(XMLStreamReader reader) throws XMLStreamException {
        Deque<Open> open = new ArrayDeque<>();
        XmlElement root = null;
        while (reader.hasNext()) {
            switch (reader.next()) {
                case XMLStreamConstants.DTD ->
                        throw InvalidXml.document("A document type declaration is not allowed.");
                case XMLStreamConstants.ENTITY_REFERENCE ->
                        throw InvalidXml.document("Entity references are not allowed.");
                case XMLStreamConstants.START_ELEMENT -> {
                    if (open.size() == MAX_DEPTH) {
                        throw InvalidXml.document("Elements are nested too deeply.");
                    }
                    open.push(new Open(reader.getLocalName()));
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (!open.isEmpty()) {
                        open.peek().text.append(reader.getText());
                    }
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    Open done = open.pop();
                    XmlElement element = new XmlElement(done.name, done.text.toString(), done.children);
                    if (open.isEmpty()) {
                        root = element;
                    } else {
                        open.peek().children.add(element);
                    }
                }
                default -> {
                    // comments, processing instructions, the XML declaration: no part of the values
                }
            }
        }
        if (root == null) {
            throw InvalidXml.document("The document has no root element.");
        }
        return root;
    }

    /**
     * One factory per thread: StAX factories are not specified to be thread-safe, and making one for
     * every document (a Put Message's) costs more than reading the document. The JDK's own parser
     * ({@link XMLInputFactory#newDefaultFactory()}, found without a lookup), configured once.
     */
    private static final ThreadLocal<XMLInputFactory> FACTORIES = ThreadLocal.withInitial(XmlDocuments::newFactory);

    private static XMLInputFactory factory() {
        return FACTORIES.get();
    }

    private static XMLInputFactory newFactory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        return factory;
    }

    /** An element whose end tag has not been read yet. */
    private static final class Open {
        final String name;
        final StringBuilder text = new StringBuilder();
        final List<XmlElement> children = new ArrayList<>();

        Open(String name) {
            this.name = name;
        }
    }
}
