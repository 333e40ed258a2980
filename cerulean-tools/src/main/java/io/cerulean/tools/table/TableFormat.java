package io.cerulean.tools.table;

import java.nio.file.Path;
import java.util.Locale;

/** The file formats of export and import. */
public enum TableFormat {
    /** {@link JsonLines}: every EDM type kept exactly. */
    JSONL,
    /** {@link CsvTable}: Azure Storage Explorer's typed CSV. */
    CSV;

    /** The format given, else the file's: {@code .csv} is CSV, anything else JSON Lines. */
    static TableFormat of(TableFormat given, Path file) {
        if (given != null) {
            return given;
        }
        return file != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv") ? CSV : JSONL;
    }
}
