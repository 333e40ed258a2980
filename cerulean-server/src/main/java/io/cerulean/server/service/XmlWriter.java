package io.cerulean.server.service;

import java.nio.charset.StandardCharsets;

/**
 * Writes XML as the service does: a UTF-8 declaration, no whitespace between elements, an empty
 * element as {@code <Name />}. Element names are the schemas' own and are not escaped; text is.
 */
final class XmlWriter {
    private final StringBuilder out = new StringBuilder(512).append("<?xml version=\"1.0\" encoding=\"utf-8\"?>");

    XmlWriter start(String name) {
        out.append('<').append(name).append('>');
        return this;
    }

    XmlWriter end(String name) {
        out.append("</").append(name).append('>');
        return this;
    }

    XmlWriter empty(String name) {
        out.append('<').append(name).append(" />");
        return this;
    }

    /** An element holding text; an empty element when the text is empty. */
    XmlWriter element(String name, String text) {
        if (text.isEmpty()) {
            return empty(name);
        }
        start(name);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                default -> out.append(c);
            }
        }
        return end(name);
    }

    XmlWriter element(String name, boolean value) {
        return element(name, Boolean.toString(value));
    }

    XmlWriter element(String name, int value) {
        return element(name, Integer.toString(value));
    }

    byte[] bytes() {
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
