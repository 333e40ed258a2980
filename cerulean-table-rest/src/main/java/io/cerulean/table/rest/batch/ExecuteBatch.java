package io.cerulean.table.rest.batch;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.throttle.ThrottledException;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.rest.operations.GetEntity;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Entity Group Transaction: {@code POST /$batch} (contract section 6). The change set becomes one
 * {@link EntityGroupTransaction}, executed once, so it is applied all or nothing; its parts never
 * go back through routing or authentication. 202 with one sub-response per operation, or with
 * only the failing operation's, its message prefixed by its index; TableNotFound and other
 * failures that concern no single operation are reported at index 0.
 *
 * <p>A body that is not a readable batch is a top-level 400 InvalidInput (thrown); one over 4 MiB
 * never gets here: the HTTP layer answers 413 RequestBodyTooLarge.
 */
public final class ExecuteBatch implements TableOperation {
    /** The single retrieve is a Get Entity, $select and all; only its framing differs. */
    private static final TableOperation GET_ENTITY = new GetEntity();

    @Override
    public AzureResponse handle(RequestContext context) {
        AzureRequest request = context.request();
        BatchRequest batch = BatchRequestParser.parse(request.header("Content-Type"), request.body(),
                context.account());
        BatchResponseWriter writer = BatchResponseWriter.withRandomBoundaries();
        if (batch instanceof BatchRequest.Retrieve retrieve) {
            return writer.single(retrieve(context, retrieve.request()));
        }
        return writer.changeSet(changeSet(context, ((BatchRequest.ChangeSet) batch).operations()));
    }

    private static List<PartResponse> changeSet(RequestContext context, List<BatchOperationRequest> requests) {
        try {
            ChangeSetTranslator.TranslatedChangeSet translated = ChangeSetTranslator.translate(requests,
                    context.account(), context.level(), context.request().secure());
            StoredTable table = context.service().table(context.account(), translated.table());
            List<Operation> operations = translated.operations().stream().map(BatchOperation::operation).toList();
            List<OperationResult> results = context.execute(table,
                    new EntityGroupTransaction(operations.get(0).partitionKey(), operations));
            List<PartResponse> parts = new ArrayList<>(results.size());
            for (int i = 0; i < results.size(); i++) {
                parts.add(OperationResponses.success(translated.operations().get(i), results.get(i).stored(),
                        context.baseUrl(), context.account(), table.name()));
            }
            return parts;
        } catch (ThrottledException e) {
            throw e; // the partition is past its target: the whole request is refused, as by the stage
        } catch (ServiceException e) {
            if (e.errorCode() == CommonError.OPERATION_TIMED_OUT) {
                throw e; // the request's, not an operation's: a top-level 500, nothing committed
            }
            int index = Math.min(Math.max(TableServiceException.from(e).operationIndex(), 0), requests.size() - 1);
            return List.of(OperationResponses.failure(index, e, requests.get(index), context.requestId(),
                    Instant.now()));
        }
    }

    private static PartResponse retrieve(RequestContext context, BatchOperationRequest get) {
        AzureRequest request = get.toAzureRequest(context.request().secure());
        Resource resource = PathParser.parseWithin(request.rawPath(), context.account());
        if (!resource.account().equals(context.account())) {
            throw new TableServiceException(CommonError.INVALID_INPUT, "The retrieve addresses account '"
                    + resource.account() + "', not the account the batch request was sent to.");
        }
        RequestContext retrieveContext = new RequestContext(request, context.requestId(), resource, context.account(),
                ChangeSetTranslator.level(request, context.level()), context.baseUrl(), context.service(), context.grant(),
                context.advisor(), context.throttle());
        try {
            return OperationResponses.retrieved(GET_ENTITY.handle(retrieveContext), get.contentId());
        } catch (ThrottledException e) {
            throw e;
        } catch (ServiceException e) {
            return OperationResponses.failure(-1, e, get, context.requestId(), Instant.now());
        }
    }

}
