package io.cerulean.table.query.filter;

import io.cerulean.table.model.PropertyValue;

/**
 * One lexical unit of a filter. {@code text} is the source text (for messages and keyword tests);
 * {@code literal} is set only for {@link Kind#LITERAL} tokens other than true/false, which stay words
 * because whether they are a value or a whole filter depends on what follows.
 */
record Token(Kind kind, String text, int position, PropertyValue literal) {
    enum Kind { WORD, LITERAL, OPEN, CLOSE, END }

    boolean isWord(String keyword) {
        return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
    }

    /** How the token is shown in an error message. */
    String shown() {
        return kind == Kind.END ? "the end of $filter" : "'" + text + "'";
    }
}
