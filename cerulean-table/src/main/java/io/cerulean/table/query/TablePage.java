package io.cerulean.table.query;

import io.cerulean.table.layout.StoredTable;
import java.util.List;
import java.util.Optional;

/** One page of a Query Tables answer; {@code next} is the normalised name the next page starts at. */
public record TablePage(List<StoredTable> tables, Optional<String> next) {
    public TablePage {
        tables = List.copyOf(tables);
    }
}
