package io.cerulean.blob.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A tag filter as {@link TagFilterParser} reads it: comparisons of a tag's value with a constant,
 * joined by AND and (in {@code x-ms-if-tags} only) OR. Values compare lexically, as strings (UTF-16
 * code units; tags hold ASCII only). A comparison on a tag the blob does not have is false, whatever
 * its operator. The key {@value #CONTAINER} (Find Blobs by Tags only) names the blob's container.
 */
public sealed interface TagFilter {
    /** The pseudo-tag that names the container in Find Blobs by Tags. */
    String CONTAINER = "@container";

    /** Whether a blob of {@code container} with {@code tags} passes. */
    boolean matches(Map<String, String> tags, String container);

    /** Every tag key the filter names, {@value #CONTAINER} aside, in the order first named. */
    default Set<String> keys() {
        Set<String> keys = new LinkedHashSet<>();
        collectKeys(this, keys);
        return keys;
    }

    /** The tags of {@code tags} the filter names: what Find Blobs by Tags answers for a blob. */
    default Map<String, String> namedTags(Map<String, String> tags) {
        Map<String, String> named = new TreeMap<>();
        for (String key : keys()) {
            if (tags.containsKey(key)) {
                named.put(key, tags.get(key));
            }
        }
        return named;
    }

    private static void collectKeys(TagFilter filter, Set<String> keys) {
        if (filter instanceof Comparison c) {
            if (!c.key().equals(CONTAINER)) {
                keys.add(c.key());
            }
        } else if (filter instanceof And and) {
            and.terms().forEach(term -> collectKeys(term, keys));
        } else if (filter instanceof Or or) {
            or.terms().forEach(term -> collectKeys(term, keys));
        }
    }

    /** A comparison operator and its wire form. */
    enum Operator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String wire;

        Operator(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        /** Whether {@code actual} stands in this relation to {@code constant}. */
        public boolean holds(String actual, String constant) {
            int order = actual.compareTo(constant);
            return switch (this) {
                case EQ -> order == 0;
                case NE -> order != 0;
                case LT -> order < 0;
                case LE -> order <= 0;
                case GT -> order > 0;
                case GE -> order >= 0;
            };
        }
    }

    /** {@code "key" op 'value'}. */
    record Comparison(String key, Operator operator, String value) implements TagFilter {
        public Comparison {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(value, "value");
        }

        @Override
        public boolean matches(Map<String, String> tags, String container) {
            String actual = key.equals(CONTAINER) ? container : tags.get(key);
            return actual != null && operator.holds(actual, value);
        }

        @Override
        public String toString() {
            return "\"" + key.replace("\"", "\"\"") + "\" " + operator.wire() + " '" + value.replace("'", "''") + "'";
        }
    }

    /** Every term holds. */
    record And(List<TagFilter> terms) implements TagFilter {
        public And {
            terms = List.copyOf(terms);
        }

        @Override
        public boolean matches(Map<String, String> tags, String container) {
            for (TagFilter term : terms) {
                if (!term.matches(tags, container)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return "(" + String.join(" AND ", terms.stream().map(Object::toString).toList()) + ")";
        }
    }

    /** Some term holds. */
    record Or(List<TagFilter> terms) implements TagFilter {
        public Or {
            terms = List.copyOf(terms);
        }

        @Override
        public boolean matches(Map<String, String> tags, String container) {
            for (TagFilter term : terms) {
                if (term.matches(tags, container)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return "(" + String.join(" OR ", terms.stream().map(Object::toString).toList()) + ")";
        }
    }
}
