package io.cerulean.table.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Limits;
import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.query.filter.FilterParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The OData query options of a request: {@code $filter}, {@code $top}, {@code $select}. */
final class QueryOptions {
    private QueryOptions() {
    }

    static Optional<Filter> filter(AzureRequest request) {
        String text = request.queryParameter("$filter");
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(FilterParser.parse(text));
    }

    /** {@code $top}: the page size, 1000 when absent. */
    static int top(AzureRequest request) {
        String text = request.queryParameter("$top");
        if (text == null) {
            return Limits.MAX_PAGE_SIZE;
        }
        int top;
        try {
            top = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new TableServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                    "The value '" + text + "' of query parameter $top is not a number.");
        }
        if (top < 0 || top > Limits.MAX_PAGE_SIZE) {
            throw new TableServiceException(CommonError.INVALID_INPUT,
                    "The value of query parameter $top must be between 0 and " + Limits.MAX_PAGE_SIZE + "; it was "
                            + top + ".");
        }
        return top;
    }

    /** {@code $select} names, trimmed and without duplicates, or null when every property is wanted. */
    static List<String> select(AzureRequest request) {
        String text = request.queryParameter("$select");
        if (text == null || text.isBlank() || text.trim().equals("*")) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (String part : text.split(",")) {
            String name = part.trim();
            if (name.isEmpty()) {
                throw new TableServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                        "The value of query parameter $select has an empty property name.");
            }
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        if (names.size() > 255) {
            throw new TableServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                    "The query parameter $select names more than 255 properties.");
        }
        return names;
    }
}
