package io.cerulean.blob.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.blob.model.TagFilter.Comparison;
import io.cerulean.blob.model.TagFilter.Operator;
import io.cerulean.blob.model.TagFilterParser.Use;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TagFilterParserTest {
    private static final Map<String, String> TAGS = Map.of("project", "alpha", "stage", "2", "Owner", "ann lee");

    private static boolean condition(String filter) {
        return TagFilterParser.parse(filter, Use.CONDITION).matches(TAGS, null);
    }

    @Test
    void readsEachOperatorAndComparesValuesAsText() {
        assertThat(TagFilterParser.parse("\"project\" = 'alpha'", Use.FIND))
                .isEqualTo(new Comparison("project", Operator.EQ, "alpha"));
        assertThat(condition("\"stage\" > '10'")).as("lexical: '2' > '10'").isTrue();
        assertThat(condition("\"stage\" >= '2' AND \"stage\" <= '2'")).isTrue();
        assertThat(condition("\"stage\" < '2'")).isFalse();
        assertThat(condition("\"project\" <> 'beta'")).isTrue();
        assertThat(condition("\"project\" <> 'alpha'")).isFalse();
    }

    @Test
    void keysAreCaseSensitiveAndATagTheBlobLacksFailsEveryComparison() {
        assertThat(condition("\"owner\" = 'ann lee'")).isFalse();
        assertThat(condition("\"Owner\" = 'ann lee'")).isTrue();
        assertThat(condition("\"missing\" <> 'x'")).isFalse();
        assertThat(condition("\"missing\" < 'zzz'")).isFalse();
    }

    @Test
    void takesBareKeysQuotesDoubledParenthesesAndWordsInAnyCase() {
        assertThat(condition("project='alpha' and (stage='1' OR stage = '2')")).isTrue();
        assertThat(condition("(project='beta' or Owner='ann lee') AnD stage='2'")).isTrue();
        assertThat(TagFilterParser.parse("\"a b\"= 'x y'", Use.CONDITION))
                .isEqualTo(new Comparison("a b", Operator.EQ, "x y"));
        assertThatThrownBy(() -> TagFilterParser.parse("a = 'it''s'", Use.CONDITION))
                .as("a doubled quote is read, and a quote is no character of a tag")
                .isInstanceOf(TagFilterParser.SyntaxError.class).hasMessageContaining("not permitted");
    }

    @Test
    void orBindsLooserThanAnd() {
        // a AND b OR c = (a AND b) OR c
        assertThat(condition("project='beta' AND stage='2' OR Owner='ann lee'")).isTrue();
        assertThat(condition("project='beta' AND (stage='2' OR Owner='ann lee')")).isFalse();
    }

    @Test
    void findBlobsByTagsTakesContainerAndARangeOnOneTag() {
        TagFilter filter = TagFilterParser.parse("@container='c1' AND \"stage\" >= '1' AND \"stage\" < '5'",
                Use.FIND);
        assertThat(TagFilterParser.conjunction(filter)).hasSize(3);
        assertThat(filter.matches(TAGS, "c1")).isTrue();
        assertThat(filter.matches(TAGS, "c2")).isFalse();
        assertThat(filter.namedTags(TAGS)).containsExactlyEntriesOf(Map.of("stage", "2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "project", "project=", "project='alpha", "project=alpha", "'project'='alpha'",
            "project=='alpha'", "project='alpha' AND", "project='alpha' extra", "(project='alpha'", "\"\" = 'x'",
            "\"a%\" = 'x'", "a = 'x#'", "@container = 'c'", "project='a' XOR stage='b'", "a-b='x'"})
    void conditionsOutsideTheGrammarAreRefused(String filter) {
        assertThatThrownBy(() -> TagFilterParser.parse(filter, Use.CONDITION))
                .isInstanceOf(TagFilterParser.SyntaxError.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a='1' OR b='2'", "a<>'1'", "@container='c'", "@other='c'", "@container>'c'",
            "a='1' AND a='2'", "a>'1' AND a>='2'", "a<'1' AND a<'0'", "a='1' AND a<'2'",
            "t1='x' AND t2='x' AND t3='x' AND t4='x' AND t5='x' AND t6='x' AND t7='x' AND t8='x' AND t9='x'"
                    + " AND t10='x' AND t11='x'"})
    void findBlobsByTagsRefusesWhatOnlyConditionsMaySayAndPastItsLimits(String filter) {
        assertThatThrownBy(() -> TagFilterParser.parse(filter, Use.FIND))
                .isInstanceOf(TagFilterParser.SyntaxError.class);
    }

    @Test
    void findBlobsByTagsLimitsKeysAndValuesAsTagsAre() {
        String key = "k".repeat(129);
        assertThatThrownBy(() -> TagFilterParser.parse("\"" + key + "\"='v'", Use.FIND))
                .isInstanceOf(TagFilterParser.SyntaxError.class);
        assertThatThrownBy(() -> TagFilterParser.parse("k='" + "v".repeat(257) + "'", Use.FIND))
                .isInstanceOf(TagFilterParser.SyntaxError.class);
        assertThat(TagFilterParser.parse("k='" + "v".repeat(256) + "'", Use.FIND)).isNotNull();
    }

    /** The service's words, which its users search for: Azurite's suite holds the same. */
    @Test
    void aRefusalNamesWhatIsWrongInTheServicesWords() {
        assertThatThrownBy(() -> TagFilterParser.parse("key1='valffffff @'", Use.FIND))
                .hasMessage("Error parsing query at or near character position 18: '@' not permitted in tag name "
                        + "or value");
        assertThatThrownBy(() -> TagFilterParser.parse("\"a#\"='x'", Use.FIND))
                .hasMessageEndingWith(": '#' not permitted in tag name or value");
        assertThatThrownBy(() -> TagFilterParser.parse("k".repeat(129) + "='v'", Use.FIND))
                .hasMessageStartingWith("Error parsing query at or near character position ")
                .hasMessageEndingWith(": tag must be between 1 and 128 characters in length");
        assertThatThrownBy(() -> TagFilterParser.parse("k='" + "v".repeat(257) + "'", Use.FIND))
                .hasMessageEndingWith(": tag value must be between 0 and 256 characters in length");
        assertThatThrownBy(() -> TagFilterParser.parse("key1='v' and @container11='1'", Use.FIND))
                .hasMessageEndingWith(": unsupported parameter '@container11'");
        StringBuilder eleven = new StringBuilder("t0='x'");
        for (int i = 1; i <= 10; i++) {
            eleven.append(" and t").append(i).append("='x'");
        }
        assertThatThrownBy(() -> TagFilterParser.parse(eleven.toString(), Use.FIND))
                .hasMessage("Error parsing query: there can be at most 10 unique tags in a query");
    }

    @Test
    void nestingIsBoundedAndManyTermsAreRead() {
        assertThatThrownBy(() -> TagFilterParser.parse("(".repeat(100_000) + "a='1'" + ")".repeat(100_000),
                Use.CONDITION)).isInstanceOf(TagFilterParser.SyntaxError.class);
        StringBuilder many = new StringBuilder("project='alpha'");
        for (int i = 0; i < 700; i++) {
            many.append(" and project <> 'v").append(i).append('\'');
        }
        assertThat(condition(many.toString())).isTrue();
    }

    @Property(tries = 300)
    void aPrintedFilterReadsBackAsItself(@ForAll("filters") TagFilter filter) {
        assertThat(TagFilterParser.parse(filter.toString(), Use.CONDITION)).isEqualTo(filter);
    }

    @Property(tries = 300)
    void aComparisonHoldsAsStringOrderSays(@ForAll("values") String actual, @ForAll("values") String constant,
                                           @ForAll Operator operator) {
        Comparison comparison = new Comparison("k", operator, constant);
        int order = actual.compareTo(constant);
        boolean expected = switch (operator) {
            case EQ -> order == 0;
            case NE -> order != 0;
            case LT -> order < 0;
            case LE -> order <= 0;
            case GT -> order > 0;
            case GE -> order >= 0;
        };
        assertThat(TagFilterParser.parse(comparison.toString(), Use.CONDITION).matches(Map.of("k", actual), null))
                .isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> values() {
        return Arbitraries.strings().withChars("ab Z09+-./:=_").ofMaxLength(6);
    }

    @Provide
    Arbitrary<TagFilter> filters() {
        Arbitrary<TagFilter> comparison = Combinators.combine(
                Arbitraries.strings().withChars("abXY09 +-./:=_").ofMinLength(1).ofMaxLength(5),
                Arbitraries.of(Operator.class), values()).as(Comparison::new);
        return Arbitraries.recursive(() -> comparison, inner -> Arbitraries.oneOf(
                inner.list().ofMinSize(2).ofMaxSize(3).map(TagFilter.And::new),
                inner.list().ofMinSize(2).ofMaxSize(3).map(TagFilter.Or::new)), 0, 3);
    }
}
