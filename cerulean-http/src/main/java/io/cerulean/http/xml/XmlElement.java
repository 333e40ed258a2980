package io.cerulean.http.xml;

import java.util.List;
import java.util.Optional;

/**
 * One element of a parsed request body: its local name (namespaces play no part in the service's
 * schemas), its text and its child elements in document order. Lookups by name are how the readers
 * accept elements in any order; a required element that is missing or repeated makes the document
 * invalid (400 InvalidXmlDocument).
 */
public record XmlElement(String name, String text, List<XmlElement> children) {
    public XmlElement {
        children = List.copyOf(children);
    }

    /** The child named so, or empty if there is none; InvalidXmlDocument if there are several. */
    public Optional<XmlElement> optionalChild(String childName) {
        List<XmlElement> found = children(childName);
        if (found.size() > 1) {
            throw InvalidXml.document(name + " may contain only one " + childName + " element.");
        }
        return found.stream().findFirst();
    }

    /** The one child named so; InvalidXmlDocument if it is missing or repeated. */
    public XmlElement child(String childName) {
        return optionalChild(childName).orElseThrow(
                () -> InvalidXml.document(name + " must contain a " + childName + " element."));
    }

    public List<XmlElement> children(String childName) {
        return children.stream().filter(c -> c.name.equals(childName)).toList();
    }

    /** The text, trimmed: every value of the service's schemas ignores surrounding whitespace. */
    public String value() {
        return text.trim();
    }

    /** A boolean as XML Schema writes it: {@code true}, {@code false}, {@code 1} or {@code 0}. */
    public boolean booleanValue() {
        return switch (value()) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw InvalidXml.nodeValue(name + " must be true or false; it is '" + value() + "'.");
        };
    }

    public int intValue() {
        try {
            return Integer.parseInt(value());
        } catch (NumberFormatException e) {
            throw InvalidXml.nodeValue(name + " must be a whole number; it is '" + value() + "'.");
        }
    }
}
