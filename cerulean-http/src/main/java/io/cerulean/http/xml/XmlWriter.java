package io.cerulean.http.xml;

import java.nio.charset.StandardCharsets;

/**
 * Writes XML as the service does: a UTF-8 declaration, no whitespace between elements, an empty
 * element as {@code <Name />}. Element names are the schemas' own and are not escaped; text is, so
 * that what is written reads back the same. Text holding a character XML 1.0 cannot carry
 * ({@link XmlChars}) is a bug of the caller and throws {@link IllegalArgumentException}: such a
 * value is encoded ({@link #encodableElement}) or refused when it comes in, never written, since
 * one such character makes the whole document unreadable to every client.
 */
public final class XmlWriter {
    private final StringBuilder out = new StringBuilder(512).append("<?xml version=\"1.0\" encoding=\"utf-8\"?>");

    public XmlWriter start(String name) {
        out.append('<').append(name).append('>');
        return this;
    }

    /** A start tag with one attribute, its value escaped as text is. */
    public XmlWriter startWithAttribute(String name, String attribute, String value) {
        out.append('<').append(name).append(' ').append(attribute).append("=\"");
        escape(value);
        out.append("\">");
        return this;
    }

    /** A start tag with two attributes, in this order, their values escaped as text is. */
    public XmlWriter startWithAttributes(String name, String attribute, String value, String secondAttribute,
                                         String secondValue) {
        out.append('<').append(name).append(' ').append(attribute).append("=\"");
        escape(value);
        out.append("\" ").append(secondAttribute).append("=\"");
        escape(secondValue);
        out.append("\">");
        return this;
    }

    public XmlWriter end(String name) {
        out.append("</").append(name).append('>');
        return this;
    }

    public XmlWriter empty(String name) {
        out.append('<').append(name).append(" />");
        return this;
    }

    /** An element holding text; an empty element when the text is empty. */
    public XmlWriter element(String name, String text) {
        if (text.isEmpty()) {
            return empty(name);
        }
        start(name);
        escape(text);
        return end(name);
    }

    /**
     * An element holding a name that XML may not be able to carry, as the Blob service writes the
     * names of blobs: as text when it can, else {@code <Name Encoded="true">} and the name
     * {@linkplain XmlChars#percentEncoded percent-encoded}, which the SDKs decode.
     */
    public XmlWriter encodableElement(String name, String text) {
        if (XmlChars.canCarry(text)) {
            return element(name, text);
        }
        startWithAttribute(name, "Encoded", "true");
        out.append(XmlChars.percentEncoded(text));
        return end(name);
    }

    /** Text or an attribute's value, escaped so that it reads back the same. */
    private void escape(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\r' -> out.append("&#13;"); // as a reference, or parsers turn it into a line feed
                default -> {
                    if ((c < 0x20 || c >= Character.MIN_SURROGATE) && !XmlChars.carriedAt(text, i)) {
                        throw new IllegalArgumentException("XML 1.0 cannot carry " + XmlChars.describe(text, i)
                                + ", at index " + i + " of a value of " + text.length() + " characters");
                    }
                    out.append(c);
                }
            }
        }
    }

    public XmlWriter element(String name, boolean value) {
        return element(name, Boolean.toString(value));
    }

    public XmlWriter element(String name, int value) {
        return element(name, Integer.toString(value));
    }

    public XmlWriter element(String name, long value) {
        return element(name, Long.toString(value));
    }

    public byte[] bytes() {
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
