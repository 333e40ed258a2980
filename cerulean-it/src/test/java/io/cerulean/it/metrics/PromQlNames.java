package io.cerulean.it.metrics;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The metric names a PromQL expression reads: its identifiers, less functions (an identifier before
 * {@code (}), aggregations and keywords, label names (inside braces and the lists of {@code by},
 * {@code without}, {@code on}, {@code ignoring}, {@code group_left}, {@code group_right}), strings,
 * numbers, durations, ranges and Grafana's {@code $variables}.
 */
final class PromQlNames {
    private static final Set<String> KEYWORDS = Set.of("sum", "min", "max", "avg", "group", "stddev", "stdvar",
            "count", "count_values", "bottomk", "topk", "quantile", "limitk", "limit_ratio", "and", "or", "unless",
            "bool", "offset", "atan2", "Inf", "NaN", "inf", "nan");
    private static final Set<String> LABEL_LISTS = Set.of("by", "without", "on", "ignoring", "group_left",
            "group_right");

    private PromQlNames() {
    }

    static Set<String> of(String expr) {
        Set<String> names = new LinkedHashSet<>();
        int i = 0;
        int n = expr.length();
        while (i < n) {
            char c = expr.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                i = skipString(expr, i);
            } else if (c == '{') {
                i = skipTo(expr, i, '}');
            } else if (c == '[') {
                i = skipTo(expr, i, ']');
            } else if (c == '$') {
                i++;
                if (i < n && expr.charAt(i) == '{') {
                    i = skipTo(expr, i, '}');
                } else {
                    while (i < n && isNamePart(expr.charAt(i))) {
                        i++;
                    }
                }
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(expr.charAt(i + 1)))) {
                while (i < n && (isNamePart(expr.charAt(i)) || expr.charAt(i) == '.')) {
                    i++; // a number, 1e3, 0x1f, or a duration: 5m, 1h30m
                }
            } else if (isNameStart(c)) {
                int start = i;
                while (i < n && isNamePart(expr.charAt(i))) {
                    i++;
                }
                String word = expr.substring(start, i);
                int next = skipSpaces(expr, i);
                if (LABEL_LISTS.contains(word)) {
                    i = next < n && expr.charAt(next) == '(' ? skipTo(expr, next, ')') : next;
                } else if (!KEYWORDS.contains(word) && !(next < n && expr.charAt(next) == '(')) {
                    names.add(word);
                }
            } else {
                i++;
            }
        }
        return names;
    }

    private static int skipString(String expr, int i) {
        char quote = expr.charAt(i);
        int j = i + 1;
        while (j < expr.length() && expr.charAt(j) != quote) {
            j += expr.charAt(j) == '\\' && quote != '`' ? 2 : 1;
        }
        return j + 1;
    }

    /** Past the {@code close} that ends what starts at {@code i}, strings inside skipped. */
    private static int skipTo(String expr, int i, char close) {
        int j = i + 1;
        while (j < expr.length() && expr.charAt(j) != close) {
            char c = expr.charAt(j);
            j = c == '"' || c == '\'' || c == '`' ? skipString(expr, j) : j + 1;
        }
        return j + 1;
    }

    private static int skipSpaces(String expr, int i) {
        while (i < expr.length() && Character.isWhitespace(expr.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }
}
