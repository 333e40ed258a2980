package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobAddress;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.QueryParameters;
import io.cerulean.http.message.SevenDigitTimes;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Snapshot ids as the service writes them: the moment, UTC, with seven fractional digits
 * ({@code 2026-11-25T17:53:17.0100000Z}); kept as 100 ns ticks since the epoch.
 */
final class SnapshotIds {
    private SnapshotIds() {
    }

    static String format(long ticks) {
        return SevenDigitTimes.format(Instant.ofEpochSecond(Math.floorDiv(ticks, 10_000_000L),
                Math.floorMod(ticks, 10_000_000L) * 100));
    }

    /**
     * The {@code versionid} parameter, as ticks; {@link BlobProperties#BASE} when absent; 400
     * InvalidQueryParameterValue when it is not a moment.
     */
    static long version(AzureRequest request) {
        String value = request.queryParameter("versionid");
        if (value == null || value.isEmpty()) {
            return BlobProperties.BASE;
        }
        return io.cerulean.blob.model.VersionIds.parse(value).orElseThrow(() -> QueryParameters.invalid("versionid",
                value, "A version id is a moment such as 2026-11-25T17:53:17.0100000Z."));
    }

    /** The {@code snapshot} parameter; {@link BlobProperties#BASE} when absent; 400 InvalidQueryParameterValue when malformed. */
    static long of(AzureRequest request) {
        String value = request.queryParameter("snapshot");
        if (value == null || value.isEmpty()) {
            return BlobProperties.BASE;
        }
        return parse("snapshot", value);
    }

    /**
     * The blob, snapshot ({@code snapshot}) or version ({@code versionid}) that {@code request} names
     * in {@code resource}; 400 InvalidQueryParameterValue when either parameter is malformed.
     */
    static BlobAddress address(BlobResource resource, AzureRequest request) {
        return new BlobAddress(resource.account(), resource.container(), resource.blob(), of(request),
                version(request));
    }

    /** A snapshot id sent as parameter {@code name}; 400 InvalidQueryParameterValue when malformed. */
    static long parse(String name, String value) {
        try {
            Instant instant = Instant.parse(value);
            return instant.getEpochSecond() * 10_000_000L + instant.getNano() / 100;
        } catch (DateTimeParseException e) {
            throw QueryParameters.invalid(name, value, "A snapshot is a moment such as 2026-11-25T17:53:17.0100000Z.");
        }
    }
}
