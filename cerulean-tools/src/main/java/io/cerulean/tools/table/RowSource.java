package io.cerulean.tools.table;

import com.azure.data.tables.models.TableEntity;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.function.LongPredicate;

/** The rows of an import's input, one after the other, each with the line it starts on. */
abstract class RowSource implements Closeable {
    /** A row: its entity, or why it is none, or neither when it was skipped unread. */
    record SourceRow(long line, TableEntity entity, String error, long chars) {
        boolean skipped() {
            return entity == null && error == null;
        }
    }

    protected final BufferedReader in;

    RowSource(BufferedReader in) {
        this.in = in;
    }

    static RowSource of(TableFormat format, BufferedReader in) throws IOException, MalformedRowException {
        return format == TableFormat.CSV ? new CsvSource(in) : new JsonLinesSource(in);
    }

    /** The next row, or null at the end; a row {@code skip} accepts may come back unread. */
    abstract SourceRow next(LongPredicate skip) throws IOException;

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** One entity a line; blank lines are no rows. */
    static final class JsonLinesSource extends RowSource {
        private long line;

        JsonLinesSource(BufferedReader in) {
            super(in);
        }

        @Override
        SourceRow next(LongPredicate skip) throws IOException {
            while (true) {
                String text = in.readLine();
                if (text == null) {
                    return null;
                }
                line++;
                if (line == 1 && text.startsWith("\uFEFF")) {
                    text = text.substring(1);
                }
                if (text.isBlank()) {
                    continue;
                }
                if (skip.test(line)) {
                    return new SourceRow(line, null, null, text.length() + 1);
                }
                try {
                    return new SourceRow(line, JsonLines.decode(text), null, text.length() + 1);
                } catch (MalformedRowException e) {
                    return new SourceRow(line, null, e.getMessage(), text.length() + 1);
                }
            }
        }
    }

    /** A header record, then one entity a record; a record may span lines (quoted line breaks). */
    static final class CsvSource extends RowSource {
        private final Csv.Reader records;
        private final CsvTable.Layout layout;

        CsvSource(BufferedReader in) throws IOException, MalformedRowException {
            super(in);
            records = new Csv.Reader(in);
            Csv.Record header = records.next();
            if (header == null || header.error() != null) {
                throw new MalformedRowException("no CSV header");
            }
            layout = new CsvTable.Layout(header.fields());
        }

        @Override
        SourceRow next(LongPredicate skip) throws IOException {
            while (true) {
                Csv.Record record = records.next();
                if (record == null) {
                    return null;
                }
                List<String> fields = record.fields();
                long chars = fields.stream().mapToLong(f -> f.length() + 1).sum();
                if (record.error() != null) {
                    return new SourceRow(record.line(), null, record.error(), chars);
                }
                if (fields.size() == 1 && fields.get(0).isEmpty()) {
                    continue;
                }
                if (skip.test(record.line())) {
                    return new SourceRow(record.line(), null, null, chars);
                }
                try {
                    return new SourceRow(record.line(), layout.entity(fields), null, chars);
                } catch (MalformedRowException e) {
                    return new SourceRow(record.line(), null, e.getMessage(), chars);
                }
            }
        }
    }
}
