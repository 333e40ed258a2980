package io.cerulean.table.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.query.QueryPlan.QueryClass;
import io.cerulean.table.query.filter.FilterParser;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Filter, query class and explanation: the planner's choices in one readable table. */
class QueryPlannerTest {
    private static QueryPlan plan(String filter) {
        return QueryPlanner.plan(Optional.of(FilterParser.parse(filter)));
    }

    @ParameterizedTest(name = "{0}  ->  {2}")
    @CsvSource(delimiter = ';', quoteCharacter = '"', textBlock = """
            PartitionKey eq 'p' and RowKey eq 'r' ; POINT ; POINT(pk='p', rk='r')
            RowKey eq 'r' and PartitionKey eq 'p' ; POINT ; POINT(pk='p', rk='r')
            PartitionKey eq 'p' and (RowKey eq 'a' or RowKey eq 'b') ; POINT_SET ; POINT_SET(pk='p', rk='a', pk='p', rk='b')
            (PartitionKey eq 'p' and RowKey eq 'a') or (PartitionKey eq 'q' and RowKey eq 'b') ; POINT_SET ; POINT_SET(pk='p', rk='a', pk='q', rk='b')
            PartitionKey eq 'Sales' and RowKey ge 'empid_000123' and RowKey lt 'empid_000124' ; RANGE ; RANGE(pk='Sales', rk=['empid_000123'..'empid_000124'))
            PartitionKey eq 'p' and RowKey gt 'm' ; RANGE ; RANGE(pk='p', rk=('m'..))
            PartitionKey eq 'p' ; PARTITION_SCAN ; PARTITION_SCAN(pk='p')
            PartitionKey eq 'p' and Age gt 30 ; PARTITION_SCAN ; PARTITION_SCAN(pk='p') | FILTER Age gt 30
            PartitionKey eq 'p' and (RowKey eq 'a' or Age eq 1) ; PARTITION_SCAN ; PARTITION_SCAN(pk='p') | FILTER (RowKey eq 'a') or (Age eq 1)
            PartitionKey ge 'a' and PartitionKey lt 'c' ; PARTITION_RANGE ; PARTITION_RANGE([pk='a' .. pk='c' excluded])
            PartitionKey eq 'a' or PartitionKey eq 'c' ; PARTITION_RANGE ; PARTITION_RANGE(pk='a', pk='c')
            PartitionKey gt 'm' ; PARTITION_RANGE ; PARTITION_RANGE([pk='m' excluded .. *])
            RowKey eq 'r' ; TABLE_SCAN ; TABLE_SCAN | FILTER RowKey eq 'r'
            PartitionKey ne 'p' ; TABLE_SCAN ; TABLE_SCAN | FILTER PartitionKey ne 'p'
            not (PartitionKey eq 'p') ; TABLE_SCAN ; TABLE_SCAN | FILTER not (PartitionKey eq 'p')
            PartitionKey eq 'p' or Age gt 3 ; TABLE_SCAN ; TABLE_SCAN | FILTER (PartitionKey eq 'p') or (Age gt 3)
            PartitionKey eq 5 ; TABLE_SCAN ; TABLE_SCAN | FILTER PartitionKey eq 5
            PartitionKey eq 'a' and PartitionKey eq 'b' ; POINT_SET ; POINT_SET()
            """)
    void choosesTheCheapestReadThatHoldsEveryMatch(String filter, QueryClass queryClass, String explain) {
        QueryPlan plan = plan(filter);
        assertThat(plan.queryClass()).isEqualTo(queryClass);
        assertThat(plan.explain()).isEqualTo(explain);
    }
}
