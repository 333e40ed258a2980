package io.cerulean.table.query.filter;

import io.cerulean.table.model.PropertySource;
import io.cerulean.table.model.PropertyValue;
import java.util.Objects;

/**
 * A parsed {@code $filter}. {@link #toString()} is the canonical text, e.g.
 * {@code (PartitionKey eq 'a''b') and (Age gt 30)}, and {@link FilterParser#parse} turns it back into an
 * equal filter. {@code a and b and c} is left-deep: {@code And(And(a, b), c)}.
 */
public sealed interface Filter permits Filter.And, Filter.Or, Filter.Not, Filter.Comparison, Filter.Constant {

    /** The only property a Query Tables filter can name. */
    String TABLE_NAME = "TableName";

    /** The three-valued answer of this filter for {@code source}. */
    Truth evaluate(PropertySource source);

    /** Whether {@code source} is selected: only when the whole filter is {@link Truth#TRUE}. */
    default boolean matches(PropertySource source) {
        return evaluate(source) == Truth.TRUE;
    }

    /** What a Query Tables filter is evaluated against: a table, whose only property is {@code TableName}. */
    static PropertySource tableNameSource(String tableName) {
        PropertyValue value = PropertyValue.ofString(tableName);
        return name -> TABLE_NAME.equals(name) ? value : null;
    }

    record And(Filter left, Filter right) implements Filter {
        public And {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }

        @Override
        public Truth evaluate(PropertySource source) {
            // Long chains parse left-deep; walking the left spine in a loop keeps the stack flat however
            // many terms a filter has (only parentheses and 'not' nest, and those are capped).
            Truth result = Truth.TRUE;
            Filter node = this;
            while (node instanceof And and) {
                result = result.and(and.right.evaluate(source));
                if (result == Truth.FALSE) {
                    return result;
                }
                node = and.left;
            }
            return result.and(node.evaluate(source));
        }

        @Override
        public String toString() {
            return FilterFormatter.format(this);
        }
    }

    record Or(Filter left, Filter right) implements Filter {
        public Or {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }

        @Override
        public Truth evaluate(PropertySource source) {
            Truth result = Truth.FALSE;
            Filter node = this;
            while (node instanceof Or or) {
                result = result.or(or.right.evaluate(source));
                if (result == Truth.TRUE) {
                    return result;
                }
                node = or.left;
            }
            return result.or(node.evaluate(source));
        }

        @Override
        public String toString() {
            return FilterFormatter.format(this);
        }
    }

    record Not(Filter operand) implements Filter {
        public Not {
            Objects.requireNonNull(operand, "operand");
        }

        @Override
        public Truth evaluate(PropertySource source) {
            return operand.evaluate(source).not();
        }

        @Override
        public String toString() {
            return FilterFormatter.format(this);
        }
    }

    /**
     * {@code property op literal}. The property is always on the left: the parser flips
     * {@code literal op property}.
     */
    record Comparison(String property, ComparisonOperator op, PropertyValue literal) implements Filter {
        public Comparison {
            Objects.requireNonNull(property, "property");
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(literal, "literal");
            if (!FilterLexer.isPropertyName(property)) {
                // A name the parser could not read back would break the toString round trip.
                throw new IllegalArgumentException("Not a property name a filter can refer to: " + property);
            }
        }

        @Override
        public Truth evaluate(PropertySource source) {
            return ComparisonEvaluator.evaluate(source.property(property), op, literal);
        }

        @Override
        public String toString() {
            return FilterFormatter.format(this);
        }
    }

    /** {@code true} or {@code false} standing alone, which the grammar allows as a whole filter or operand. */
    record Constant(boolean value) implements Filter {
        @Override
        public Truth evaluate(PropertySource source) {
            return Truth.of(value);
        }

        @Override
        public String toString() {
            return Boolean.toString(value);
        }
    }
}
