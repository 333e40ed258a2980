package io.cerulean.tools.table;

import java.util.Locale;
import picocli.CommandLine;

/** {@code --mode insert|merge|replace}, in any case. */
final class ModeConverter implements CommandLine.ITypeConverter<WriteMode> {
    @Override
    public WriteMode convert(String value) {
        try {
            return WriteMode.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("not a mode: " + value + " (insert, merge or replace)");
        }
    }
}
