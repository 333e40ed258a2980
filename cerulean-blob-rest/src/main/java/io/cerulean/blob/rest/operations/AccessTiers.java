package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.RehydratePriority;
import io.cerulean.http.message.AzureRequest;

/** The tier headers: {@code x-ms-access-tier} and {@code x-ms-rehydrate-priority}, named as Azure names them. */
final class AccessTiers {
    private AccessTiers() {
    }

    /** {@code x-ms-access-tier}: Hot, Cool, Cold or Archive, any case; null when not sent; 400 InvalidHeaderValue else. */
    static AccessTier tier(AzureRequest request) {
        String value = request.header("x-ms-access-tier");
        if (value == null) {
            return null;
        }
        AccessTier tier = AccessTier.parse(value.trim());
        if (tier == null) {
            throw RequestHeaders.invalidHeader("x-ms-access-tier", value, "a block blob's tier is Hot, Cool, Cold"
                    + " or Archive.");
        }
        return tier;
    }

    /** {@code x-ms-rehydrate-priority}: Standard or High; null when not sent; 400 InvalidHeaderValue else. */
    static RehydratePriority priority(AzureRequest request) {
        String value = request.header("x-ms-rehydrate-priority");
        if (value == null) {
            return null;
        }
        RehydratePriority priority = RehydratePriority.parse(value);
        if (priority == null) {
            throw RequestHeaders.invalidHeader("x-ms-rehydrate-priority", value, "it is Standard or High.");
        }
        return priority;
    }
}
