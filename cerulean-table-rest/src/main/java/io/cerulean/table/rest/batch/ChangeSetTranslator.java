package io.cerulean.table.rest.batch;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Limits;
import io.cerulean.table.model.TableNames;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.operations.EntityWrite;
import io.cerulean.table.rest.operations.Headers;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.ResourceKind;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.txn.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns the requests of a change set into the Table service's {@link Operation}s with the decision table of
 * stand-alone entity writes (contract 3.17): POST on the entity set inserts; on an entity PUT
 * replaces (insert-or-replace without If-Match), PATCH, MERGE and POST with X-HTTP-Method MERGE
 * merge (insert-or-merge without If-Match), DELETE deletes. Every failure names the operation's
 * 0-based index: a body that does not parse, a read in the change set, a target in another
 * account or another table than the first operation's.
 */
final class ChangeSetTranslator {
    private ChangeSetTranslator() {
    }

    /** The table all operations address and the operations, in request order. */
    record TranslatedChangeSet(String table, List<BatchOperation> operations) {
        TranslatedChangeSet {
            operations = List.copyOf(operations);
        }
    }

    /**
     * @param account the authenticated account: every target must name it
     * @param level   the batch request's JSON level, for sub-requests that negotiate none
     */
    static TranslatedChangeSet translate(List<BatchOperationRequest> requests, String account, MetadataLevel level,
                                         boolean secure) {
        if (requests.size() > Limits.MAX_TRANSACTION_OPERATIONS) {
            // Reported before any operation is looked at, at index 0, as the service does (contract 6.4).
            throw new TableServiceException(CommonError.INVALID_INPUT,
                    "The batch request operation exceeds the maximum 100 changes per change set.").atOperation(0);
        }
        String table = null;
        List<BatchOperation> operations = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            try {
                BatchOperationRequest sent = requests.get(i);
                AzureRequest request = sent.toAzureRequest(secure);
                Resource resource = PathParser.parseWithin(request.rawPath(), account);
                if (!resource.account().equals(account)) {
                    throw new TableServiceException(CommonError.INVALID_INPUT, "The operation addresses account '"
                            + resource.account() + "', not the account the batch request was sent to.");
                }
                if (resource.table() != null && table == null) {
                    table = resource.table();
                } else if (resource.table() != null
                        && !TableNames.normalize(resource.table()).equals(TableNames.normalize(table))) {
                    throw new TableServiceException(CommonError.INVALID_INPUT,
                            "All operations of a change set must address the same table.");
                }
                operations.add(new BatchOperation(operation(resource, request, sent), sent.contentId(),
                        Headers.returnContent(request, true), Headers.preferStated(request), level(request, level)));
            } catch (ServiceException e) {
                throw TableServiceException.from(e).atOperation(i);
            }
        }
        return new TranslatedChangeSet(table, operations);
    }

    /**
     * The operation a sub-request asks for, decided as a stand-alone request would be
     * ({@link TableRestOperation#of}, {@link EntityWrite}); only entity writes belong in a change set.
     */
    private static Operation operation(Resource resource, AzureRequest request, BatchOperationRequest sent) {
        Optional<TableRestOperation> found = TableRestOperation.find(resource.kind(), request);
        if (found.isPresent() && found.get().isRead()) {
            throw new TableServiceException(CommonError.INVALID_INPUT,
                    "A change set holds only writes; a GET of one entity may be sent alone, outside any change set.");
        }
        boolean onEntities = resource.kind() == ResourceKind.ENTITY || resource.kind() == ResourceKind.ENTITY_SET;
        if (!onEntities || found.isPresent() && !found.get().isEntityWrite()) {
            throw new TableServiceException(CommonError.INVALID_INPUT,
                    "A change set holds only entity operations (Insert, Update, Merge, their upserts and Delete).");
        }
        TableRestOperation operation = TableRestOperation.of(resource.kind(), request);
        EntityWrite write = EntityWrite.of(operation, request);
        return write.on(resource, operation == TableRestOperation.DELETE_ENTITY ? null : sent.entity());
    }

    /** The sub-request's own Accept or $format, else the batch request's level. */
    static MetadataLevel level(AzureRequest request, MetadataLevel batchLevel) {
        if (request.queryParameter("$format") == null && request.header("Accept") == null) {
            return batchLevel;
        }
        return MetadataLevel.negotiate(request);
    }
}
