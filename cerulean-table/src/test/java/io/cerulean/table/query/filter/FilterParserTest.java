package io.cerulean.table.query.filter;

import static io.cerulean.table.query.filter.ComparisonOperator.EQ;
import static io.cerulean.table.query.filter.ComparisonOperator.GE;
import static io.cerulean.table.query.filter.ComparisonOperator.GT;
import static io.cerulean.table.query.filter.ComparisonOperator.LT;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.filter.Filter.And;
import io.cerulean.table.query.filter.Filter.Comparison;
import io.cerulean.table.query.filter.Filter.Constant;
import io.cerulean.table.query.filter.Filter.Not;
import io.cerulean.table.query.filter.Filter.Or;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilterParserTest {

    private static PropertyValue literalOf(String text) {
        return ((Comparison) FilterParser.parse("P eq " + text)).literal();
    }

    private static Comparison cmp(String property, ComparisonOperator op, PropertyValue literal) {
        return new Comparison(property, op, literal);
    }

    @Test
    void stringLiteralsUnescapeDoubledQuotesAndKeepUnicode() {
        assertThat(literalOf("'a''b'")).isEqualTo(PropertyValue.ofString("a'b"));
        assertThat(literalOf("''''")).isEqualTo(PropertyValue.ofString("'"));
        assertThat(literalOf("''")).isEqualTo(PropertyValue.ofString(""));
        assertThat(literalOf("'héllo wörld 日本 \uD83D\uDE00 ( ) and'")).isEqualTo(PropertyValue.ofString("héllo wörld 日本 \uD83D\uDE00 ( ) and"));
    }

    @Test
    void integerLiterals() {
        assertThat(literalOf("30")).isEqualTo(PropertyValue.ofInt32(30));
        assertThat(literalOf("-2147483648")).isEqualTo(PropertyValue.ofInt32(Integer.MIN_VALUE));
        assertThat(literalOf("2147483647")).isEqualTo(PropertyValue.ofInt32(Integer.MAX_VALUE));
        assertThat(literalOf("60L")).isEqualTo(PropertyValue.ofInt64(60));
        assertThat(literalOf("-9223372036854775808l")).isEqualTo(PropertyValue.ofInt64(Long.MIN_VALUE));
    }

    @Test
    void unsuffixedIntegerBeyondInt32IsTakenAsInt64() {
        assertThat(literalOf("2147483648")).isEqualTo(PropertyValue.ofInt64(2147483648L));
        assertThat(literalOf("1498179600055")).isEqualTo(PropertyValue.ofInt64(1498179600055L));
        assertThat(literalOf("-2147483649")).isEqualTo(PropertyValue.ofInt64(-2147483649L));
    }

    @Test
    void doubleLiterals() {
        assertThat(literalOf("3.14")).isEqualTo(PropertyValue.ofDouble(3.14));
        assertThat(literalOf("-0.5")).isEqualTo(PropertyValue.ofDouble(-0.5));
        assertThat(literalOf("20.0")).isEqualTo(PropertyValue.ofDouble(20.0));
        assertThat(literalOf("1e3")).isEqualTo(PropertyValue.ofDouble(1000.0));
        assertThat(literalOf("1.5E-3")).isEqualTo(PropertyValue.ofDouble(0.0015));
        assertThat(literalOf("2.5e+2D")).isEqualTo(PropertyValue.ofDouble(250.0));
        assertThat(literalOf("7d")).isEqualTo(PropertyValue.ofDouble(7.0));
        assertThat(literalOf("0.1")).isEqualTo(PropertyValue.ofDouble(Double.parseDouble("0.1")));
        assertThat(literalOf("NaN").asDouble()).isNaN();
        assertThat(literalOf("INF")).isEqualTo(PropertyValue.ofDouble(Double.POSITIVE_INFINITY));
        assertThat(literalOf("-INF")).isEqualTo(PropertyValue.ofDouble(Double.NEGATIVE_INFINITY));
    }

    @Test
    void booleanDateTimeGuidAndBinaryLiterals() {
        assertThat(literalOf("true")).isEqualTo(PropertyValue.ofBoolean(true));
        assertThat(literalOf("FALSE")).isEqualTo(PropertyValue.ofBoolean(false));
        assertThat(literalOf("datetime'2019-07-10T19:00:00.000Z'"))
                .isEqualTo(PropertyValue.ofDateTime(Instant.parse("2019-07-10T19:00:00Z")));
        assertThat(literalOf("datetime'2008-07-10T00:00:00'"))
                .isEqualTo(PropertyValue.ofDateTime(Instant.parse("2008-07-10T00:00:00Z")));
        assertThat(literalOf("DateTime'2021-10-15T16:13:10.7791241Z'"))
                .isEqualTo(PropertyValue.ofDateTime(Instant.parse("2021-10-15T16:13:10.7791241Z")));
        UUID guid = UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34");
        assertThat(literalOf("guid'a455c695-df98-5678-aaaa-81d3367e5a34'")).isEqualTo(PropertyValue.ofGuid(guid));
        assertThat(literalOf("guid'A455C695-DF98-5678-AAAA-81D3367E5A34'")).isEqualTo(PropertyValue.ofGuid(guid));
        assertThat(literalOf("X'0102fF'")).isEqualTo(PropertyValue.ofBinary(new byte[] {1, 2, (byte) 0xFF}));
        assertThat(literalOf("binary'0A'")).isEqualTo(PropertyValue.ofBinary(new byte[] {10}));
        assertThat(literalOf("X''")).isEqualTo(PropertyValue.ofBinary(new byte[0]));
    }

    @Test
    void andBindsTighterThanOr() {
        Filter a = cmp("a", EQ, PropertyValue.ofInt32(1));
        Filter b = cmp("b", EQ, PropertyValue.ofInt32(2));
        Filter c = cmp("c", EQ, PropertyValue.ofInt32(3));
        assertThat(FilterParser.parse("a eq 1 or b eq 2 and c eq 3")).isEqualTo(new Or(a, new And(b, c)));
        assertThat(FilterParser.parse("a eq 1 and b eq 2 or c eq 3")).isEqualTo(new Or(new And(a, b), c));
        assertThat(FilterParser.parse("(a eq 1 or b eq 2) and c eq 3")).isEqualTo(new And(new Or(a, b), c));
        assertThat(FilterParser.parse("a eq 1 and b eq 2 and c eq 3")).isEqualTo(new And(new And(a, b), c));
    }

    @Test
    void notBindsTighterThanAnd() {
        Filter a = cmp("a", EQ, PropertyValue.ofInt32(1));
        Filter b = cmp("b", EQ, PropertyValue.ofInt32(2));
        assertThat(FilterParser.parse("not a eq 1 and b eq 2")).isEqualTo(new And(new Not(a), b));
        assertThat(FilterParser.parse("not (a eq 1 and b eq 2)")).isEqualTo(new Not(new And(a, b)));
        assertThat(FilterParser.parse("not not a eq 1")).isEqualTo(new Not(new Not(a)));
    }

    @Test
    void literalOnTheLeftIsFlipped() {
        assertThat(FilterParser.parse("30 lt Age")).isEqualTo(cmp("Age", GT, PropertyValue.ofInt32(30)));
        assertThat(FilterParser.parse("'a' le RowKey")).isEqualTo(cmp("RowKey", GE, PropertyValue.ofString("a")));
        assertThat(FilterParser.parse("true eq IsActive")).isEqualTo(cmp("IsActive", EQ, PropertyValue.ofBoolean(true)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "PartitionKey EQ 'p' AND RowKey Ge 'a' OR Not Age lT 3",
            "  ( PartitionKey   eq 'p' )and(RowKey ge 'a')or not(Age lt 3)  "})
    void keywordsInAnyCaseAndWhitespaceAnywhere(String text) {
        assertThat(FilterParser.parse(text).toString())
                .isEqualTo("((PartitionKey eq 'p') and (RowKey ge 'a')) or not (Age lt 3)");
    }

    @Test
    void tabsAndLineBreaksAreWhitespace() {
        assertThat(FilterParser.parse("\tPartitionKey eq 'p'\nand RowKey ge 'a'\r\nor not Age lt 3").toString())
                .isEqualTo("((PartitionKey eq 'p') and (RowKey ge 'a')) or not (Age lt 3)");
    }

    @Test
    void constantsAndUnusualNames() {
        assertThat(FilterParser.parse("true")).isEqualTo(new Constant(true));
        assertThat(FilterParser.parse("not (false)")).isEqualTo(new Not(new Constant(false)));
        assertThat(FilterParser.parse("Add eq 1 and _x9 eq 2 and Größe gt 3 and X eq 4"))
                .hasToString("(Add eq 1) and (_x9 eq 2) and (Größe gt 3) and (X eq 4)");
        assertThat(FilterParser.parse("Name eq'a'")).isEqualTo(cmp("Name", EQ, PropertyValue.ofString("a")));
    }

    @Test
    void toStringIsCanonicalAndReparses() {
        String text = "(PartitionKey eq 'a''b') and (Age gt 30)";
        assertThat(FilterParser.parse(text)).hasToString(text);
        String all = "(S eq 'x') or (I eq -5) or (L eq 5L) or (D eq 20.0) or (E eq 1.0E-5) or (N ne NaN) or (F lt -INF)"
                + " or (B eq true) or (T ge datetime'2012-10-02T03:03:15Z') or (G eq guid'a455c695-df98-5678-aaaa-81d3367e5a34')"
                + " or (X eq X'01FF') or (not (a eq 1) and ((b eq 2) or (c eq 3)))";
        Filter parsed = FilterParser.parse(all);
        assertThat(parsed).hasToString(all);
        assertThat(FilterParser.parse(parsed.toString())).isEqualTo(parsed);
        assertThat(FilterParser.parse("Age gt 30")).hasToString("Age gt 30");
    }

    @Test
    void nestingUpToTheLimitIsAccepted() {
        int depth = FilterParser.MAX_NESTING;
        String text = "(".repeat(depth) + "a eq 1" + ")".repeat(depth);
        assertThat(FilterParser.parse(text)).isEqualTo(cmp("a", EQ, PropertyValue.ofInt32(1)));
        assertThat(FilterParser.parse("not ".repeat(depth) + "a eq 1")).isInstanceOf(Not.class);
    }

    @Test
    void longChainsNeitherNestNorOverflowTheStack() {
        String text = "a eq 1" + " or a eq 1".repeat(50_000) + " and b lt 0";
        Filter filter = FilterParser.parse(text);
        assertThat(filter.matches(name -> PropertyValue.ofInt32(1))).isTrue();
        assertThat(filter.toString()).startsWith("(a eq 1) or (a eq 1)").endsWith("or ((a eq 1) and (b lt 0))");
    }

    @Test
    void queryTablesFilterUsesOnlyTableName() {
        Filter filter = FilterParser.parse("TableName ge 'a' and TableName lt 'b'");
        assertThat(filter.matches(Filter.tableNameSource("apple"))).isTrue();
        assertThat(filter.matches(Filter.tableNameSource("Apple"))).isFalse();
        assertThat(filter.matches(Filter.tableNameSource("b"))).isFalse();
        assertThat(FilterParser.parse("PartitionKey eq 'a'").matches(Filter.tableNameSource("a"))).isFalse();
    }
}
