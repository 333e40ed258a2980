package io.cerulean.table.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.advisor.Advisor;
import io.cerulean.http.throttle.Load;
import io.cerulean.http.throttle.Throttle;
import io.cerulean.http.message.Deadline;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.TableNames;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.PageSink;
import io.cerulean.table.query.QueryPlan;
import io.cerulean.table.layout.KeyBound;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.rest.auth.AccessGrant;
import io.cerulean.table.rest.auth.EntityPermission;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.ResourceKind;
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
 * key range) before the service sees the request, and count the entities each reads or writes in a
 * partition against the partition's scalability target ({@code throttle}): a write before it
 * commits, by its entities, a transaction's each; a point read before it reads; a query page, once
 * read, by the entities it read (not those it returned: reading is the partition's work, however
 * many a filter then drops), when its plan reads one partition.
 */
public record RequestContext(AzureRequest request, String requestId, Resource resource, String account,
                             MetadataLevel level, String baseUrl, TableService service, AccessGrant grant,
                             Advisor advisor, Throttle throttle) {

    /** A context whose traffic no design advisor watches and no scalability target holds. */
    public RequestContext(AzureRequest request, String requestId, Resource resource, String account,
                          MetadataLevel level, String baseUrl, TableService service, AccessGrant grant) {
        this(request, requestId, resource, account, level, baseUrl, service, grant, Advisor.off(), Throttle.OFF);
    }

    /**
     * Get Entity, if the grant may read that entity: the table it is in and the entity, or
     * TableNotFound, then the grant's refusal, then keys that are not valid, then ResourceNotFound,
     * in that order.
     */
    public EntityInTable getEntity(String tableName, String partitionKey, String rowKey) {
        throttle.admit(Load.tablePartition(account, tableName, partitionKey, 1));
        EntityInTable read = service.readEntity(account, tableName, partitionKey, rowKey, table ->
                grant.authorizeEntity(table.name(), Set.of(EntityPermission.READ), partitionKey, rowKey));
        if (read.entity().isEmpty()) {
            throw new TableServiceException(CommonError.RESOURCE_NOT_FOUND);
        }
        advisor.read(read.table(), partitionKey, 1);
        return read;
    }

    /**
     * Runs a transaction if the grant allows each of its operations; otherwise nothing runs, and
     * the refusal names the first operation refused.
     */
    public List<OperationResult> execute(StoredTable table, EntityGroupTransaction transaction) {
        if (TableNames.isReserved(table.name())) {
            // Storage Analytics' tables are the service's to write, in a batch too.
            throw new TableServiceException(CommonError.AUTHORIZATION_FAILURE).atOperation(0);
        }
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
        throttle.admit(Load.tablePartition(account, table.name(), transaction.partitionKey(), operations.size()));
        List<OperationResult> results = service.execute(table, transaction);
        advisor.written(table, transaction.partitionKey(), operations, results,
                resource.kind() == ResourceKind.BATCH);
        return results;
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
        PageEnd page = service.queryEntities(table, query, sink, deadline.limited()
                ? OptionalLong.of(System.nanoTime() + deadline.remainingNanos()) : OptionalLong.empty());
        onePartition(page.plan()).ifPresent(partition -> throttle.chargeRead(
                Load.tablePartition(account, table.name(), partition, Math.max(1, page.entitiesRead()))));
        return page;
    }

    /** The partition a plan reads, when it reads one; a scan across partitions counts against none. */
    private static Optional<String> onePartition(QueryPlan plan) {
        String partition = null;
        for (KeyRange range : plan.ranges()) {
            for (KeyBound bound : new KeyBound[] {range.lower(), range.upper()}) {
                if (bound == null || (partition != null && !partition.equals(bound.partitionKey()))) {
                    return Optional.empty();
                }
                partition = bound.partitionKey();
            }
        }
        return Optional.ofNullable(partition);
    }
}
