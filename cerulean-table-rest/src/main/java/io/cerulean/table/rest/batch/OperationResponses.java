package io.cerulean.table.rest.batch;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.rest.json.EntityJsonWriter;
import io.cerulean.table.rest.json.JsonErrorBody;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.json.ResourceUrls;
import io.cerulean.table.txn.OperationKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sub-response of each operation, shaped as the service shapes it (contract 6.3, 6.4):
 * <ul>
 *   <li>Insert with return-no-content: 204, Preference-Applied, Location, DataServiceId, ETag;</li>
 *   <li>Insert otherwise: 201, Content-Type, Location, DataServiceId, ETag and the entity;</li>
 *   <li>Update, Merge and the upserts: 204 and the new ETag; Delete: 204;</li>
 *   <li>a failure: the stand-alone operation's status and an odata.error whose message starts with
 *       the operation's index and a colon, which every SDK parses.</li>
 * </ul>
 * Every part starts with the Content-ID the request gave, if any.
 */
final class OperationResponses {
    private static final String NO_BODY_VERSION = "1.0;";
    private static final String BODY_VERSION = "3.0;";

    private OperationResponses() {
    }

    /**
     * @param baseUrl the account's URL, for Location and DataServiceId
     * @param stored  what the operation left, null after a delete
     */
    static PartResponse success(BatchOperation op, Entity stored, String baseUrl, String account, String table) {
        OperationKind kind = op.operation().kind();
        if (kind == OperationKind.DELETE) {
            return new PartResponse(204, common(op.contentId(), null, NO_BODY_VERSION), new byte[0]);
        }
        if (kind != OperationKind.INSERT) {
            List<Map.Entry<String, String>> headers = common(op.contentId(), null, NO_BODY_VERSION);
            headers.add(Map.entry("ETag", stored.etag()));
            return new PartResponse(204, headers, new byte[0]);
        }
        String location = baseUrl + "/" + ResourceUrls.entityPath(table, stored.partitionKey(), stored.rowKey());
        if (!op.returnContent()) {
            List<Map.Entry<String, String>> headers = common(op.contentId(), "return-no-content", BODY_VERSION);
            addLocation(headers, location, stored);
            return new PartResponse(204, headers, new byte[0]);
        }
        List<Map.Entry<String, String>> headers =
                common(op.contentId(), op.preferStated() ? "return-content" : null, BODY_VERSION);
        headers.add(Map.entry("Content-Type", op.level().contentType()));
        addLocation(headers, location, stored);
        byte[] json = new EntityJsonWriter(op.level(), baseUrl, account, table, null).single(stored);
        return new PartResponse(201, headers, json);
    }

    /** The single retrieve's answer, from the Get Entity response: 200, ETag and the entity. */
    static PartResponse retrieved(AzureResponse response, String contentId) {
        List<Map.Entry<String, String>> headers = common(contentId, null, BODY_VERSION);
        headers.addAll(response.headers());
        return new PartResponse(response.status(), headers, response.body());
    }

    /**
     * The one part of a failed change set, or of a failed retrieve.
     *
     * @param index     the failing operation's 0-based index, or -1 for no prefix (the retrieve)
     * @param request   the failing request, for its Content-ID and Prefer
     * @param requestId the id written after the message, as in every error body
     */
    static PartResponse failure(int index, ServiceException e, BatchOperationRequest request, String requestId,
                                Instant now) {
        String preferApplied = preferApplied(request.headers().first("Prefer"));
        List<Map.Entry<String, String>> headers = common(request.contentId(), preferApplied, BODY_VERSION);
        headers.add(Map.entry("Content-Type", MetadataLevel.MINIMAL_METADATA.contentType()));
        String message = (index < 0 ? "" : index + ":") + e.getMessage() + "\nRequestId:" + requestId + "\nTime:"
                + DateTimes.formatSevenDigits(now);
        return new PartResponse(e.errorCode().status(), headers, JsonErrorBody.INSTANCE.write(e.errorCode().code(), message));
    }

    private static List<Map.Entry<String, String>> common(String contentId, String preferenceApplied,
                                                          String dataServiceVersion) {
        List<Map.Entry<String, String>> headers = new ArrayList<>(8);
        if (contentId != null) {
            headers.add(Map.entry("Content-ID", contentId));
        }
        headers.add(Map.entry("X-Content-Type-Options", "nosniff"));
        headers.add(Map.entry("Cache-Control", "no-cache"));
        if (preferenceApplied != null) {
            headers.add(Map.entry("Preference-Applied", preferenceApplied));
        }
        headers.add(Map.entry("DataServiceVersion", dataServiceVersion));
        return headers;
    }

    private static void addLocation(List<Map.Entry<String, String>> headers, String location, Entity stored) {
        headers.add(Map.entry("Location", location));
        headers.add(Map.entry("DataServiceId", location));
        headers.add(Map.entry("ETag", stored.etag()));
    }

    /** The 2014 recording echoes the failing operation's preference as Preference-Applied. */
    private static String preferApplied(String prefer) {
        if (prefer == null) {
            return null;
        }
        String lower = prefer.toLowerCase(Locale.ROOT);
        return lower.contains("return-no-content") ? "return-no-content"
                : lower.contains("return-content") ? "return-content" : null;
    }
}
