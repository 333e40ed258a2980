package io.cerulean.tools.table;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 records: fields separated by commas, a field holding a comma, a quote, CR or LF quoted,
 * quotes doubled inside. Read leniently: CRLF or LF ends a record, a quote inside an unquoted field
 * is taken as it is.
 */
final class Csv {
    private Csv() {
    }

    /** Appends the fields as one record, with its LF. */
    static void appendRecord(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            String field = fields.get(i);
            if (needsQuotes(field)) {
                out.append('"').append(field.replace("\"", "\"\"")).append('"');
            } else {
                out.append(field);
            }
        }
        out.append('\n');
    }

    private static boolean needsQuotes(String field) {
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }

    /** One record read, or what was wrong with it, and the line it starts on (from 1). */
    record Record(long line, List<String> fields, String error) {
    }

    /** Reads records one after the other; not thread safe. */
    static final class Reader {
        private final java.io.Reader in;
        private long line = 1;
        private int pushedBack = -2;

        Reader(java.io.Reader in) {
            this.in = in;
        }

        /** The next record, or null at the end of the input. */
        Record next() throws IOException {
            int c = read();
            if (c == -1) {
                return null;
            }
            long start = line;
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            boolean wasQuoted = false;
            while (true) {
                if (quoted) {
                    if (c == -1) {
                        return new Record(start, fields, "a quoted field is not closed before the end of the input");
                    }
                    if (c == '"') {
                        int after = read();
                        if (after == '"') {
                            field.append('"');
                        } else {
                            quoted = false;
                            c = after;
                            continue;
                        }
                    } else {
                        if (c == '\n') {
                            line++;
                        }
                        field.append((char) c);
                    }
                } else if (c == ',') {
                    fields.add(field.toString());
                    field.setLength(0);
                    wasQuoted = false;
                } else if (c == '\n' || c == -1) {
                    if (c == '\n') {
                        line++;
                    }
                    fields.add(field.toString());
                    return new Record(start, fields, null);
                } else if (c == '\r') {
                    int after = read();
                    if (after != '\n') {
                        pushBack(after);
                        field.append('\r');
                    } else {
                        c = after;
                        continue;
                    }
                } else if (c == '"' && field.length() == 0 && !wasQuoted) {
                    quoted = true;
                    wasQuoted = true;
                } else {
                    field.append((char) c);
                }
                c = read();
            }
        }

        private int read() throws IOException {
            if (pushedBack != -2) {
                int c = pushedBack;
                pushedBack = -2;
                return c;
            }
            return in.read();
        }

        private void pushBack(int c) {
            pushedBack = c;
        }
    }
}
