package io.cerulean.http.message;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.xml.XmlChars;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Query parameters as the Queue and Blob services read them: a value that is not a whole number is
 * 400 InvalidQueryParameterValue, one outside its range 400 OutOfRangeQueryParameterValue, a
 * required one that is missing 400 MissingRequiredQueryParameter, and a text a listing echoes that
 * XML cannot carry 400 InvalidQueryParameterValue; each message names the parameter, its value and
 * what is allowed.
 */
public final class QueryParameters {
    private QueryParameters() {
    }

    /** The parameter's value in {@code [min, max]}, or {@code fallback} when it is absent. */
    public static long inRange(AzureRequest request, String name, long fallback, long min, long max) {
        OptionalLong value = optional(request, name);
        if (value.isEmpty()) {
            return fallback;
        }
        return checkRange(name, value.getAsLong(), min, max);
    }

    /** The parameter's value in {@code [min, max]}; it must be there. */
    public static long required(AzureRequest request, String name, long min, long max) {
        OptionalLong value = optional(request, name);
        if (value.isEmpty()) {
            throw missing(name);
        }
        return checkRange(name, value.getAsLong(), min, max);
    }

    /** The parameter's value as a whole number, if it is there. */
    public static OptionalLong optional(AzureRequest request, String name) {
        String text = request.queryParameter(name);
        if (text == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            throw invalid(name, text, "Value must be a whole number.");
        }
    }

    /**
     * A text parameter that a listing echoes in its XML answer ({@code prefix}, {@code marker},
     * {@code delimiter}), or null when it is absent. One holding a character that XML 1.0 cannot
     * carry is 400 InvalidQueryParameterValue: no document could echo it, and no name the listing
     * could match holds it unencoded.
     */
    public static String echoedText(AzureRequest request, String name) {
        String text = request.queryParameter(name);
        if (text != null) {
            int bad = XmlChars.firstUncarried(text);
            if (bad >= 0) {
                throw invalid(name, text, "It holds " + XmlChars.describe(text, bad)
                        + ", which an XML 1.0 document cannot carry.");
            }
        }
        return text;
    }

    /** A text parameter that must be there and not empty. */
    public static String requiredText(AzureRequest request, String name) {
        String text = request.queryParameter(name);
        if (text == null || text.isEmpty()) {
            throw missing(name);
        }
        return text;
    }

    /** 400 InvalidQueryParameterValue, naming the parameter, its value and why, as the service does. */
    public static ServiceException invalid(String name, String value, String reason) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("QueryParameterName", name);
        details.put("QueryParameterValue", value);
        details.put("Reason", reason);
        return new ServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                CommonError.INVALID_QUERY_PARAMETER_VALUE.message(), details);
    }

    /** 400 OutOfRangeQueryParameterValue, naming the parameter, its value and the bounds. */
    public static ServiceException outOfRange(String name, long value, long min, long max) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("QueryParameterName", name);
        details.put("QueryParameterValue", Long.toString(value));
        details.put("MinimumAllowed", Long.toString(min));
        details.put("MaximumAllowed", Long.toString(max));
        return new ServiceException(CommonError.OUT_OF_RANGE_QUERY_PARAMETER_VALUE,
                CommonError.OUT_OF_RANGE_QUERY_PARAMETER_VALUE.message(), details);
    }

    private static long checkRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw outOfRange(name, value, min, max);
        }
        return value;
    }

    private static ServiceException missing(String name) {
        return new ServiceException(CommonError.MISSING_REQUIRED_QUERY_PARAMETER,
                CommonError.MISSING_REQUIRED_QUERY_PARAMETER.message(), Map.of("QueryParameterName", name));
    }
}
