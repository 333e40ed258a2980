package io.cerulean.table.query.filter;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;

/** The one shape of every $filter error, so clients (and people) always learn what and where. */
final class FilterSyntax {
    private FilterSyntax() {
    }

    /** "{what} at position {position} in $filter: {why}." with a 0-based character position. */
    static TableServiceException error(String what, int position, String why) {
        return new TableServiceException(CommonError.INVALID_INPUT,
                what + " at position " + position + " in $filter: " + why + ".");
    }
}
