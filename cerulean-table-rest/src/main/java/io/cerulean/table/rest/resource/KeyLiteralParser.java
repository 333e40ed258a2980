package io.cerulean.table.rest.resource;

/**
 * Reads the arguments of a resource path: {@code 'name'} or
 * {@code PartitionKey='pk',RowKey='rk'} (either order, spaces after the comma tolerated), with
 * {@code ''} standing for one quote inside a literal.
 */
final class KeyLiteralParser {
    private final String text;
    private final String rawPath;
    private int pos;

    KeyLiteralParser(String text, String rawPath) {
        this.text = text;
        this.rawPath = rawPath;
    }

    /** {@code [partitionKey, rowKey]}. */
    String[] entityKeys() {
        String[] keys = new String[2];
        for (int i = 0; i < 2; i++) {
            if (i == 1) {
                skipSpaces();
                expect(',');
            }
            skipSpaces();
            int equals = text.indexOf('=', pos);
            if (equals < 0) {
                throw PathParser.invalidUri(rawPath);
            }
            String name = text.substring(pos, equals).trim();
            pos = equals + 1;
            skipSpaces();
            int slot = name.equals("PartitionKey") ? 0 : name.equals("RowKey") ? 1 : -1;
            if (slot < 0 || keys[slot] != null) {
                throw PathParser.invalidUri(rawPath);
            }
            keys[slot] = quoted();
        }
        end();
        return keys;
    }

    String quoted() {
        skipSpaces();
        expect('\'');
        StringBuilder value = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw PathParser.invalidUri(rawPath);
            }
            char c = text.charAt(pos++);
            if (c == '\'') {
                if (pos < text.length() && text.charAt(pos) == '\'') {
                    value.append('\'');
                    pos++;
                } else {
                    return value.toString();
                }
            } else {
                value.append(c);
            }
        }
    }

    void end() {
        skipSpaces();
        if (pos != text.length()) {
            throw PathParser.invalidUri(rawPath);
        }
    }

    private void expect(char c) {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw PathParser.invalidUri(rawPath);
        }
        pos++;
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }
}
