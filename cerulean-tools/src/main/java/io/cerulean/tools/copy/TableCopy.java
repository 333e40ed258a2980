package io.cerulean.tools.copy;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.tools.table.Rejection;
import io.cerulean.tools.table.Row;
import io.cerulean.tools.table.Settled;
import io.cerulean.tools.table.TableWriter;
import io.cerulean.tools.table.WriteMode;

/**
 * Copies a table: created at the destination if it is not there, then its entities, read a page at
 * a time (the query's continuation) and written by a {@link TableWriter}: entity group transactions
 * of one partition each, several at once. An entity the destination has already is replaced
 * (InsertOrReplace) unless {@link Mode} says otherwise; a row the destination refuses is named on
 * standard error and the rest go on.
 */
public final class TableCopy {
    /** How an entity meets one with its keys at the destination. */
    public enum Mode {
        /** InsertOrReplace: the copy's entity wins, whole. */
        replace(WriteMode.REPLACE),
        /** InsertOrMerge: the copy's properties are merged into the entity there. */
        merge(WriteMode.MERGE),
        /** Insert: an entity there already is refused (EntityAlreadyExists) and reported. */
        insert(WriteMode.INSERT);

        private final WriteMode writeMode;

        Mode(WriteMode writeMode) {
            this.writeMode = writeMode;
        }
    }

    private final TableServiceClient source;
    private final TableServiceClient destination;
    private final Mode mode;
    private final CopyRun run;

    public TableCopy(TableServiceClient source, TableServiceClient destination, Mode mode, CopyRun run) {
        this.source = source;
        this.destination = destination;
        this.mode = mode;
        this.run = run;
    }

    public void copy(CopyItem item) {
        TableClient from = source.getTableClient(item.source());
        TableClient to = destination.getTableClient(item.destination());
        if (from.getTableEndpoint().equals(to.getTableEndpoint()) && item.source().equals(item.destination())) {
            throw new IllegalArgumentException("the destination is the source itself");
        }
        try {
            destination.createTableIfNotExists(item.destination());
        } catch (HttpResponseException e) {
            // A SAS for the table alone may write its entities but not create tables: the writes tell.
            if (e.getResponse().getStatusCode() != 403) {
                throw e;
            }
        }
        long position = 0;
        try (TableWriter writer = new TableWriter(to, mode.writeMode, run.parallel(), new Listener(item))) {
            for (PagedResponse<TableEntity> page : from.listEntities().iterableByPage()) {
                if (run.stopped()) {
                    break;
                }
                for (TableEntity entity : page.getValue()) {
                    writer.write(entity, position++);
                }
            }
            writer.flush();
        }
        run.tableDone();
    }

    /** The writer's reports, into the copy's progress and failures. */
    private final class Listener implements TableWriter.Listener {
        private final CopyItem item;

        Listener(CopyItem item) {
            this.item = item;
        }

        @Override
        public void rejected(Row row, Rejection why) {
            run.failed(item + ": entity ('" + row.partitionKey() + "', '" + row.rowKey() + "')",
                    why.status() + " " + why.errorCode());
        }

        @Override
        public void settled(Settled batch) {
            long bytes = 0;
            for (Row row : batch.written()) {
                bytes += EntitySize.of(row.entity());
            }
            run.entitiesDone(batch.written().size(), bytes);
        }
    }
}
