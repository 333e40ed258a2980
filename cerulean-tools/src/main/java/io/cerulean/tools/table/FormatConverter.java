package io.cerulean.tools.table;

import java.util.Locale;
import picocli.CommandLine;

/** {@code --format jsonl|csv}, in any case. */
final class FormatConverter implements CommandLine.ITypeConverter<TableFormat> {
    @Override
    public TableFormat convert(String value) {
        try {
            return TableFormat.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("not a format: " + value + " (jsonl or csv)");
        }
    }
}
