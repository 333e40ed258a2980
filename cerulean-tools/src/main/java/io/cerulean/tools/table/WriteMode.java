package io.cerulean.tools.table;

import com.azure.data.tables.models.TableTransactionActionType;

/** What a {@link TableWriter} does with a row whose keys already exist. */
public enum WriteMode {
    /** Insert Entity: a row that exists is refused (409 EntityAlreadyExists) and reported. */
    INSERT(TableTransactionActionType.CREATE),
    /** Insert Or Merge Entity: the row's properties are merged into the existing ones. */
    MERGE(TableTransactionActionType.UPSERT_MERGE),
    /** Insert Or Replace Entity: the row replaces the existing entity, properties it lacks are dropped. */
    REPLACE(TableTransactionActionType.UPSERT_REPLACE);

    private final TableTransactionActionType action;

    WriteMode(TableTransactionActionType action) {
        this.action = action;
    }

    TableTransactionActionType action() {
        return action;
    }
}
