package io.cerulean.http.message;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * A listing's {@code maxresults}, read alike by List Containers, List Blobs and List Queues: a page
 * holds at most {@code most} items, which is also the default, and a larger request is served as
 * that, as the services document it; below 1 is 400 OutOfRangeQueryParameterValue, not a whole number
 * 400 InvalidQueryParameterValue.
 *
 * @param limit how many items the page may hold
 * @param echo what the answer's {@code <MaxResults>} repeats: the value asked for (up to
 *        {@link Integer#MAX_VALUE}), or empty when none was
 */
public record MaxResults(int limit, Optional<Integer> echo) {
    public static final String PARAMETER = "maxresults";

    public static MaxResults of(AzureRequest request, int most) {
        OptionalLong asked = QueryParameters.optional(request, PARAMETER);
        if (asked.isEmpty()) {
            return new MaxResults(most, Optional.empty());
        }
        long value = asked.getAsLong();
        if (value < 1) {
            throw QueryParameters.outOfRange(PARAMETER, value, 1, Integer.MAX_VALUE);
        }
        return new MaxResults((int) Math.min(value, most), Optional.of((int) Math.min(value, Integer.MAX_VALUE)));
    }
}
