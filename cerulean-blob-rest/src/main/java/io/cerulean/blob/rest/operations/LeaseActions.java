package io.cerulean.blob.rest.operations;

import io.cerulean.blob.service.LeaseOutcome;
import io.cerulean.blob.service.Leases;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.time.Instant;
import java.util.Locale;
import java.util.UUID;

/**
 * Lease Blob and Lease Container alike (contract 5.1): the action {@code x-ms-lease-action} names,
 * with its headers checked (400 InvalidHeaderValue for a duration, period or id the service would
 * not take, 400 MissingRequiredHeader for one it needs), and the answer each action gives.
 */
final class LeaseActions {
    private LeaseActions() {
    }

    static Leases.Action of(AzureRequest request) {
        String action = request.header("x-ms-lease-action");
        if (action == null) {
            throw RequestHeaders.missingHeader("x-ms-lease-action");
        }
        return switch (action.trim().toLowerCase(Locale.ROOT)) {
            case "acquire" -> new Leases.Action.Acquire(proposedId(request, false), duration(request));
            case "renew" -> new Leases.Action.Renew(leaseId(request));
            case "change" -> new Leases.Action.Change(leaseId(request), proposedId(request, true));
            case "release" -> new Leases.Action.Release(leaseId(request));
            case "break" -> new Leases.Action.Break(breakPeriod(request));
            default -> throw RequestHeaders.invalidHeader("x-ms-lease-action", action,
                    "it is acquire, renew, change, release or break.");
        };
    }

    /** The answer: 201 for acquire, 202 for break, 200 otherwise, with the lease's id or time left. */
    static AzureResponse answer(Leases.Action action, LeaseOutcome outcome, Instant now) {
        int status = action instanceof Leases.Action.Acquire ? 201 : action instanceof Leases.Action.Break ? 202 : 200;
        AzureResponse response = AzureResponse.status(status)
                .header("ETag", io.cerulean.blob.model.ETags.quoted(outcome.etag()))
                .header("Last-Modified", io.cerulean.http.message.HttpDates.format(outcome.lastModified()));
        if (action instanceof Leases.Action.Break) {
            return response.header("x-ms-lease-time", Long.toString(Leases.secondsToBreak(outcome.lease(), now)));
        }
        if (!(action instanceof Leases.Action.Release)) {
            response.header("x-ms-lease-id", outcome.lease().id());
        }
        return response;
    }

    private static int duration(AzureRequest request) {
        Long duration = RequestHeaders.longHeader(request, "x-ms-lease-duration");
        if (duration == null) {
            throw RequestHeaders.missingHeader("x-ms-lease-duration");
        }
        if (duration != -1 && (duration < 15 || duration > 60)) {
            throw RequestHeaders.invalidHeader("x-ms-lease-duration", duration.toString(),
                    "a lease lasts 15 to 60 seconds, or -1 for ever.");
        }
        return duration.intValue();
    }

    private static Integer breakPeriod(AzureRequest request) {
        Long period = RequestHeaders.longHeader(request, "x-ms-lease-break-period");
        if (period != null && (period < 0 || period > 60)) {
            throw RequestHeaders.invalidHeader("x-ms-lease-break-period", period.toString(), "it is 0 to 60 seconds.");
        }
        return period == null ? null : period.intValue();
    }

    private static String leaseId(AzureRequest request) {
        String id = RequestHeaders.leaseId(request);
        if (id == null) {
            throw RequestHeaders.missingHeader("x-ms-lease-id");
        }
        return guid("x-ms-lease-id", id);
    }

    private static String proposedId(AzureRequest request, boolean required) {
        String id = request.header("x-ms-proposed-lease-id");
        if (id == null || id.isBlank()) {
            if (required) {
                throw RequestHeaders.missingHeader("x-ms-proposed-lease-id");
            }
            return null;
        }
        return guid("x-ms-proposed-lease-id", RequestHeaders.hyphenated(id.trim()));
    }

    private static String guid(String header, String value) {
        try {
            UUID.fromString(value);
            return value;
        } catch (IllegalArgumentException e) {
            throw RequestHeaders.invalidHeader(header, value, "a lease id is a GUID.");
        }
    }
}
