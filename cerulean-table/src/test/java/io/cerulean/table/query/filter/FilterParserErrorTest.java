package io.cerulean.table.query.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilterParserErrorTest {

    private static String errorOf(String filter) {
        TableServiceException e = org.junit.jupiter.api.Assertions.assertThrows(TableServiceException.class,
                () -> FilterParser.parse(filter));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        return e.getMessage();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            // filter | expected message (exact)
            "startswith(PartitionKey, 'a') | Unsupported function 'startswith' at position 0 in $filter: functions are not supported by the Table service.",
            "Name eq 'abc              | Unterminated string literal at position 8 in $filter: the closing quote is missing.",
            "Name eq                   | Missing operand at position 7 in $filter: expected a property name or a literal before the end of $filter.",
            "Name eq 'a' and           | Missing operand at position 15 in $filter: expected a property name or a literal before the end of $filter.",
            "(Name eq )                | Missing operand at position 9 in $filter: expected a property name or a literal before ')'.",
            "Name eq 'a' and and x eq 1 | Missing operand before 'and' at position 16 in $filter: expected a property name or a literal.",
            "Name like 'a'             | Unknown operator 'like' at position 5 in $filter: expected a comparison operator (eq, ne, gt, ge, lt, le).",
            "Age add 1 eq 3            | Unsupported arithmetic operator 'add' at position 4 in $filter: arithmetic is not supported by the Table service.",
            "Age eq 1 mul 2            | Unsupported arithmetic operator 'mul' at position 9 in $filter: arithmetic is not supported by the Table service.",
            "Age eq -Other             | Unexpected '-' at position 7 in $filter: a minus sign may only start a numeric literal; arithmetic is not supported by the Table service.",
            "A eq B                    | Property 'A' compared with property 'B' at position 0 in $filter: one side of a comparison must be a constant value.",
            "1 eq 'a'                  | Literal 1 compared with literal 'a' at position 0 in $filter: one side of a comparison must be a property name.",
            "Name eq 'a' Age           | Unexpected 'Age' at position 12 in $filter: expected 'and', 'or' or the end of $filter.",
            "Name eq 'a')              | Unexpected ')' at position 11 in $filter: expected 'and', 'or' or the end of $filter.",
            "(Name eq 'a'              | Unexpected end at position 12 in $filter: expected ')' to close the '(' at position 0.",
            "Bin eq X'123'             | Invalid binary literal '123' at position 7 in $filter: expected an even number of hex digits, e.g. X'0102'.",
            "Bin eq X'0G'              | Invalid binary literal '0G' at position 7 in $filter: expected an even number of hex digits, e.g. X'0102'.",
            "G eq guid'a455c695-df98-5678-aaaa-81d3367e5a3' | Invalid guid literal 'a455c695-df98-5678-aaaa-81d3367e5a3' at position 5 in $filter: expected 32 hex digits grouped 8-4-4-4-12, e.g. guid'a455c695-df98-5678-aaaa-81d3367e5a34'.",
            "G eq guid'1-2-3-4-5'      | Invalid guid literal '1-2-3-4-5' at position 5 in $filter: expected 32 hex digits grouped 8-4-4-4-12, e.g. guid'a455c695-df98-5678-aaaa-81d3367e5a34'.",
            "T lt datetime'2019-13-10T19:00:00Z' | Invalid datetime literal '2019-13-10T19:00:00Z' at position 5 in $filter: expected an ISO 8601 date-time between 1601-01-01 and 9999-12-31, e.g. datetime'2019-07-10T19:00:00Z'.",
            "T lt datetime'1600-12-31T00:00:00Z' | Invalid datetime literal '1600-12-31T00:00:00Z' at position 5 in $filter: expected an ISO 8601 date-time between 1601-01-01 and 9999-12-31, e.g. datetime'2019-07-10T19:00:00Z'.",
            "T lt time'10:00'          | Unknown literal prefix 'time' at position 5 in $filter: typed literals are datetime'...', guid'...', X'...' and binary'...'.",
            "N eq 9223372036854775808  | Integer literal '9223372036854775808' out of range at position 5 in $filter: the value does not fit Edm.Int64.",
            "N eq 9223372036854775808L | Integer literal '9223372036854775808L' out of range at position 5 in $filter: the value does not fit Edm.Int64.",
            "N eq 1e400                | Double literal '1e400' out of range at position 5 in $filter: the value does not fit Edm.Double.",
            "N eq 1.5L                 | Malformed numeric literal '1.5L' at position 5 in $filter: expected digits with an optional fraction, exponent and L or D suffix.",
            "N eq 12abc                | Malformed numeric literal '12abc' at position 5 in $filter: expected digits with an optional fraction, exponent and L or D suffix.",
            "N eq 1.                   | Malformed numeric literal '1.' at position 5 in $filter: expected digits with an optional fraction, exponent and L or D suffix.",
            "N eq 1e                   | Malformed numeric literal '1e' at position 5 in $filter: expected digits with an optional fraction, exponent and L or D suffix.",
            "Name eq null              | Unsupported keyword 'null' at position 8 in $filter: a query expression may not contain null values.",
            "IsActive                  | Property 'IsActive' is not compared with anything at position 0 in $filter: a bare property is not a valid filter; compare it, e.g. IsActive eq true.",
            "not IsActive and A eq 1   | Property 'IsActive' is not compared with anything at position 4 in $filter: a bare property is not a valid filter; compare it, e.g. IsActive eq true.",
            "'abc'                     | Literal 'abc' is not compared with anything at position 0 in $filter: compare a property with it, e.g. Name eq 'abc'.",
            "$top eq 1                 | Unsupported name '$top' at position 0 in $filter: '$' names are not supported inside a filter.",
            "Name eq 'a' && B eq 1     | Unexpected character '&' at position 12 in $filter: expected a property name, a literal, an operator or a parenthesis.",
            "Name = 'a'                | Unexpected character '=' at position 5 in $filter: expected a property name, a literal, an operator or a parenthesis.",
            "Name eq (1)               | Unexpected '(' at position 8 in $filter: expected a property name or a literal.",
            "substringof('a', Name) eq true | Unsupported function 'substringof' at position 0 in $filter: functions are not supported by the Table service.",
    })
    void rejectsWithPositionAndReason(String filter, String message) {
        assertThat(errorOf(filter)).isEqualTo(message);
    }

    @Test
    void emptyFilter() {
        assertThat(errorOf("")).isEqualTo("Empty filter at position 0 in $filter: a filter needs at least one comparison.");
        assertThat(errorOf("   ")).startsWith("Empty filter at position 0");
        assertThat(errorOf("()")).isEqualTo(
                "Missing operand at position 1 in $filter: expected a property name or a literal before ')'.");
    }

    @Test
    void nestingBeyondTheLimitIsRejected() {
        int depth = FilterParser.MAX_NESTING + 1;
        assertThat(errorOf("(".repeat(depth) + "a eq 1" + ")".repeat(depth)))
                .isEqualTo("Nesting too deep at position 100 in $filter: parentheses and 'not' may nest at most 100 levels.");
        assertThat(errorOf("not ".repeat(depth) + "a eq 1")).startsWith("Nesting too deep at position 400 ");
        assertThat(errorOf("(".repeat(1_000_000))).startsWith("Nesting too deep");
    }

    @Test
    void unterminatedTypedLiteral() {
        assertThat(errorOf("T eq datetime'2019-07-10")).isEqualTo(
                "Unterminated datetime literal at position 5 in $filter: the closing quote is missing.");
    }

    @Test
    void comparisonRefusesNamesThatWouldNotParseBack() {
        for (String name : new String[] {"and", "True", "NULL", "NaN", "INF", "1a", "a-b", "", "$x"}) {
            assertThatThrownBy(() -> new Filter.Comparison(name, ComparisonOperator.EQ,
                    io.cerulean.table.model.PropertyValue.ofInt32(1))).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
