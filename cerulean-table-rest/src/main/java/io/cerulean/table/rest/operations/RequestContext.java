package io.cerulean.table.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.Deadline;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Entity;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.PageSink;
import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.rest.auth.AccessGrant;
import io.cerulean.table.rest.auth.EntityPermission;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.service.TableService;
import io.cerulean.table.layout.EntityInTable;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationResult;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What an operation gets: the request and its id ({@code x-ms-request-id}), the resource it
 * addresses, the authenticated account, the negotiated JSON metadata level, the account's base URL
 * (for links), the service to act on and what the caller may do.
 *
 * <p>Entity reads and writes go through {@link #getEntity}, {@link #execute} and
 * {@link #queryEntities}, which hold every entity to the caller's grant (a SAS's permissions and
 * key range) before the service sees the request.
 */
public record RequestContext(AzureRequest request, String requestId, Resource resource, String account,
                             MetadataLevel level, String baseUrl, TableService service, AccessGrant grant) {

    /**
     * Get Entity, if the grant may read that entity: the table it is in and the entity, or
     * TableNotFound, then the grant's refusal, then keys that are not valid, then ResourceNotFound,
     * in that order.
     */
    public EntityInTable getEntity(String tableName, String partitionKey, String rowKey) {
        EntityInTable read = service.readEntity(account, tableName, partitionKey, rowKey, table ->
                grant.authorizeEntity(table.name(), Set.of(EntityPermission.READ), partitionKey, rowKey));
        if (read.entity().isEmpty()) {
            throw new TableServiceException(CommonError.RESOURCE_NOT_FOUND);
        }
        return read;
    }

    /**
     * Runs a transaction if the grant allows each of its operations; otherwise nothing runs, and
     * the refusal names the first operation refused.
     */
    public List<OperationResult> execute(StoredTable table, EntityGroupTransaction transaction) {
        List<Operation> operations = transaction.operations();
        for (int i = 0; i < operations.size(); i++) {
            Operation operation = operations.get(i);
            try {
                grant.authorizeEntity(table.name(), EntityPermission.forWrite(operation.kind()),
                        operation.partitionKey(), operation.rowKey());
            } catch (ServiceException e) {
                throw TableServiceException.from(e).atOperation(i);
            }
        }
        request.deadline().check(); // past its timeout, nothing is committed
        return service.execute(table, transaction);
    }

    /**
     * Query Entities, limited to the keys the grant may read whatever the filter asks; the page's
     * entities go to {@code sink} as they are read.
     */
    public PageEnd queryEntities(StoredTable table, EntityQuery query, PageSink sink) {
        Optional<Filter> range = grant.visibleRange(table.name());
        if (range.isPresent()) {
            Filter restricted = query.filter().<Filter>map(f -> new Filter.And(range.get(), f)).orElse(range.get());
            query = new EntityQuery(Optional.of(restricted), query.top(), query.resumeFrom());
        }
        // A request's timeout shorter than the page's budget ends the page early, with a continuation.
        Deadline deadline = request.deadline();
        return service.queryEntities(table, query, sink, deadline.limited()
                ? OptionalLong.of(System.nanoTime() + deadline.remainingNanos()) : OptionalLong.empty());
    }
}
