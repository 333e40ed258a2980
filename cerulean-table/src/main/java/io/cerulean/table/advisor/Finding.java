package io.cerulean.table.advisor;

import java.util.Objects;

/**
 * Where a table's design will not hold on Azure: the table, what was seen ({@code kind}), the
 * partition concerned (null when the whole table is), the figures as a sentence, and the guide's
 * pattern that fixes it.
 */
public record Finding(String account, String table, FindingKind kind, String partitionKey, String evidence) {
    public Finding {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(evidence, "evidence");
    }

    public String pattern() {
        return kind.pattern();
    }
}
