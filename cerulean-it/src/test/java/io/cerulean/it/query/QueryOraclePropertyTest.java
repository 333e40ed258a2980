package io.cerulean.it.query;

import static io.cerulean.it.query.FilterOracle.KEY_ORDER;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.ServerFixture;
import io.cerulean.it.query.FilterOracle.And;
import io.cerulean.it.query.FilterOracle.Cmp;
import io.cerulean.it.query.FilterOracle.Const;
import io.cerulean.it.query.FilterOracle.Expr;
import io.cerulean.it.query.FilterOracle.Not;
import io.cerulean.it.query.FilterOracle.Or;
import io.cerulean.it.query.FilterOracle.TestEntity;
import io.cerulean.it.query.FilterOracle.Type;
import io.cerulean.it.query.FilterOracle.Value;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Random heterogeneous entities (a few partitions, RowKeys with quotes, percent signs, non-BMP and
 * private-use characters, properties of all eight EDM types, some missing, one name holding different
 * types in different entities) and random filters over them (keys and custom properties compared with
 * literals of matching and mismatching types, and/or/not, nested, literal first or last), run through
 * the server page by page with random {@code $top} and {@code $select}, following continuations over
 * raw HTTP, against {@link FilterOracle}: same entities, same order, same properties.
 */
class QueryOraclePropertyTest {
    private static final SharedServers SERVERS = SharedServers.jvmWide();

    /** Names that are prefixes of each other or differ only in case (property names are case-sensitive). */
    private static final List<String> PROPS = List.of("A", "AB", "a", "Num", "Nu");
    private static final List<String> SELECTABLE = List.of("PartitionKey", "RowKey", "A", "AB", "a", "Num", "Nu", "Missing");
    private static final List<String> KEY_PIECES = List.of("a", "b", "A", "'", "%", "+", "&", " ", "\u00e9", "\uD83D\uDE00",
            "\uE000", "~", "0", "_", "=", "''");

    private static final List<String> STRINGS = List.of("", "a", "A", "b", "a'b", "2", "true", "\u00e9", "\uD83D\uDE00",
            "\uE000", "ab");
    private static final List<Integer> INTS = List.of(-2, -1, 0, 1, 2, 3, Integer.MAX_VALUE, Integer.MIN_VALUE);
    private static final List<Long> LONGS = List.of(-2L, -1L, 0L, 1L, 2L, 3L, 5_000_000_000L, -5_000_000_000L);
    private static final List<Double> DOUBLES = List.of(-1.5, -0.0, 0.0, 1.0, 2.0, 2.5, 1e300, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
    private static final List<Double> DOUBLE_LITERALS = List.of(-1.5, 0.0, 1.0, 2.0, 2.5, 1e300, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
    private static final List<Instant> INSTANTS = List.of(Instant.parse("1601-01-01T00:00:00Z"),
            Instant.parse("2020-01-01T00:00:00Z"), Instant.parse("2020-01-01T00:00:00.0000001Z"),
            Instant.parse("2020-06-15T12:30:45.1234567Z"), Instant.parse("9999-12-31T23:59:59.9999999Z"));
    private static final List<UUID> GUIDS = List.of(UUID.fromString("00000000-0000-0000-0000-000000000001"),
            UUID.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff"), UUID.fromString("80000000-0000-0000-0000-000000000000"),
            UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff"), UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34"));
    private static final List<String> BINARIES = List.of("00", "0001", "7f", "80", "ff", "ff00");

    record Query(Expr filter, boolean minimalParens, int top, List<String> select) {
        String filterText() {
            return filter == null ? null : FilterOracle.text(filter, minimalParens);
        }

        @Override
        public String toString() {
            return "$filter=" + filterText() + " $top=" + top + " $select=" + select;
        }
    }

    record Scenario(List<TestEntity> entities, List<Query> queries) {
    }

    /** A literal: its typed value and how it is written in the filter. */
    record Lit(Value value, String text) {
    }

    /** One entity of a result: its key (null when the projection hides it) and its properties. */
    record Row(String key, Map<String, Value> properties) {
    }

    @Property(tries = 150, shrinking = ShrinkingMode.BOUNDED)
    void inMemoryAnswersAsTheOracle(@ForAll("scenarios") Scenario scenario) {
        check(ServerFixture.IN_MEMORY, scenario);
    }

    @Property(tries = 150, shrinking = ShrinkingMode.BOUNDED)
    void rocksDbAnswersAsTheOracle(@ForAll("scenarios") Scenario scenario) {
        check(ServerFixture.ROCKSDB, scenario);
    }

    // ---------------------------------------------------------------- the check

    private static void check(ServerFixture fixture, Scenario scenario) {
        SignedHttp http = SERVERS.http(fixture);
        String table = SharedServers.uniqueTableName("Oracle");
        SERVERS.service(fixture).createTable(table);
        try {
            SharedServers.parallel(scenario.entities().stream()
                    .map(e -> (Runnable) () -> http.insert(table, FilterOracle.insertBody(e))).toList());
            for (Query query : scenario.queries()) {
                verify(http, table, scenario.entities(), query);
            }
        } finally {
            SERVERS.service(fixture).deleteTable(table);
        }
    }

    private static void verify(SignedHttp http, String table, List<TestEntity> entities, Query query) {
        List<Row> expected = entities.stream().filter(e -> FilterOracle.selects(query.filter(), e)).sorted(KEY_ORDER)
                .map(e -> new Row(visibleKey(e, query.select()), FilterOracle.projection(e, query.select()))).toList();
        List<Row> actual = readAll(http, table, query, entities.size());
        assertThat(actual).as("%s over %s", query, entities).containsExactlyElementsOf(expected);
    }

    private static String visibleKey(TestEntity e, List<String> select) {
        return select == null || select.containsAll(List.of("PartitionKey", "RowKey")) ? e.key() : null;
    }

    /** Every page of the query, following the continuation headers, checking each page on the way. */
    private static List<Row> readAll(SignedHttp http, String table, Query query, int tableSize) {
        List<Row> rows = new ArrayList<>();
        String nextPk = null;
        String nextRk = null;
        String promisedKey = null;
        for (int page = 0; ; page++) {
            assertThat(page).as("runaway paging for %s", query).isLessThanOrEqualTo(tableSize + 1);
            StringBuilder path = new StringBuilder("/" + table + "()?$top=" + query.top());
            if (query.filter() != null) {
                path.append("&$filter=").append(SignedHttp.q(query.filterText()));
            }
            if (query.select() != null) {
                path.append("&$select=").append(SignedHttp.q(String.join(",", query.select())));
            }
            if (nextPk != null) {
                path.append("&NextPartitionKey=").append(SignedHttp.q(nextPk))
                        .append("&NextRowKey=").append(SignedHttp.q(nextRk));
            }
            RawResponse response = http.get(path.toString(), "Accept", SignedHttp.MINIMAL);
            assertThat(response.status()).as("%s -> %s", query, response).isEqualTo(200);
            if (page == 0) {
                String plan = response.plan();
                Statistics.label("plan").collect(plan == null ? "none" : plan.replaceAll("[(| ].*", ""));
            }
            List<Row> pageRows = new ArrayList<>();
            for (var entity : response.values()) {
                Map<String, Value> properties = FilterOracle.parse(entity);
                Value timestamp = properties.remove("Timestamp");
                if (query.select() == null) {
                    assertThat(timestamp).as("Timestamp of %s", entity).isNotNull()
                            .extracting(Value::type).isEqualTo(Type.DATETIME);
                } else {
                    assertThat(timestamp).as("unselected Timestamp in %s for %s", entity, query).isNull();
                }
                Value pk = properties.get("PartitionKey");
                Value rk = properties.get("RowKey");
                String key = query.select() == null || query.select().containsAll(List.of("PartitionKey", "RowKey"))
                        ? (pk == null ? "<no PartitionKey>" : pk.v()) + "|" + (rk == null ? "<no RowKey>" : rk.v()) : null;
                pageRows.add(new Row(key, properties));
            }
            assertThat(pageRows.size()).as("page size for %s", query).isLessThanOrEqualTo(query.top());
            assertThat(response.entitiesReturned()).isEqualTo(pageRows.size());
            assertThat(response.entitiesRead()).isGreaterThanOrEqualTo(pageRows.size());
            if (promisedKey != null) {
                assertThat(pageRows).as("the page a continuation promised (%s) for %s", promisedKey, query).isNotEmpty();
                if (pageRows.get(0).key() != null) {
                    assertThat(pageRows.get(0).key()).as("continuation names the next match, %s", query).isEqualTo(promisedKey);
                }
            }
            rows.addAll(pageRows);
            nextPk = response.header("x-ms-continuation-NextPartitionKey");
            nextRk = response.header("x-ms-continuation-NextRowKey");
            if (nextPk == null) {
                assertThat(nextRk).as("NextRowKey without NextPartitionKey").isNull();
                return rows;
            }
            assertThat(nextRk).as("NextRowKey with NextPartitionKey").isNotNull();
            assertThat(nextPk + nextRk).as("tokens are ASCII and URL-safe").matches("[A-Za-z0-9!*_.~-]*");
            assertThat(pageRows).as("a page with a continuation is full (budget not reached) for %s", query)
                    .hasSize(query.top());
            promisedKey = SignedHttp.decodeToken(nextPk) + "|" + SignedHttp.decodeToken(nextRk);
        }
    }

    // ---------------------------------------------------------------- generators

    @Provide
    Arbitrary<Scenario> scenarios() {
        return key().list().ofMinSize(1).ofMaxSize(4).uniqueElements().flatMap(partitions -> entities(partitions)
                .flatMap(entities -> query(partitions, entities).list().ofMinSize(1).ofMaxSize(4)
                        .map(queries -> new Scenario(entities, queries))));
    }

    private static Arbitrary<String> key() {
        return Arbitraries.of(KEY_PIECES).list().ofMaxSize(3).map(pieces -> String.join("", pieces));
    }

    private static Arbitrary<List<TestEntity>> entities(List<String> partitions) {
        List<Arbitrary<Value>> props = new ArrayList<>();
        for (int i = 0; i < PROPS.size(); i++) {
            props.add(anyValue().injectNull(0.3));
        }
        Arbitrary<Map<String, Value>> properties = Combinators.combine(props).as(values -> {
            Map<String, Value> map = new LinkedHashMap<>();
            for (int i = 0; i < PROPS.size(); i++) {
                if (values.get(i) != null) {
                    map.put(PROPS.get(i), values.get(i));
                }
            }
            return map;
        });
        return Combinators.combine(Arbitraries.of(partitions), key(), properties).as(TestEntity::new)
                .list().ofMaxSize(24).uniqueElements(TestEntity::key);
    }

    private static Arbitrary<Value> anyValue() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(STRINGS).map(Value::string)),
                Tuple.of(2, Arbitraries.of(INTS).map(i -> new Value(Type.INT32, i))),
                Tuple.of(2, Arbitraries.of(LONGS).map(l -> new Value(Type.INT64, l))),
                Tuple.of(2, Arbitraries.of(DOUBLES).map(d -> new Value(Type.DOUBLE, d))),
                Tuple.of(1, Arbitraries.of(true, false).map(b -> new Value(Type.BOOLEAN, b))),
                Tuple.of(1, Arbitraries.of(INSTANTS).map(t -> new Value(Type.DATETIME, t))),
                Tuple.of(1, Arbitraries.of(GUIDS).map(g -> new Value(Type.GUID, g))),
                Tuple.of(1, Arbitraries.of(BINARIES).map(h -> new Value(Type.BINARY, h))));
    }

    private static Arbitrary<Query> query(List<String> partitions, List<TestEntity> entities) {
        List<String> keys = new ArrayList<>(partitions);
        entities.forEach(e -> keys.add(e.rk()));
        Arbitrary<List<String>> select = Arbitraries.of(SELECTABLE).list().ofMinSize(1).ofMaxSize(4).uniqueElements()
                .injectNull(0.5);
        Arbitrary<Expr> filter = Arbitraries.frequencyOf(Tuple.of(3, filter(3, partitions, keys)),
                Tuple.of(1, keyQuery(partitions, keys)));
        return Combinators.combine(filter.injectNull(0.05), Arbitraries.of(true, false),
                Arbitraries.integers().between(1, 50), select).as(Query::new);
    }

    private static Arbitrary<Expr> filter(int depth, List<String> partitions, List<String> keys) {
        Arbitrary<Expr> leaf = Arbitraries.frequencyOf(
                Tuple.of(12, comparison(keys)),
                Tuple.of(1, Arbitraries.of(true, false).map(Const::new)));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Expr> sub = Arbitraries.lazy(() -> filter(depth - 1, partitions, keys));
        return Arbitraries.frequencyOf(
                Tuple.of(4, leaf),
                Tuple.of(3, Combinators.combine(sub, sub).as(And::new)),
                Tuple.of(3, Combinators.combine(sub, sub).as(Or::new)),
                Tuple.of(1, sub.map(Not::new)),
                Tuple.of(2, keyQuery(partitions, keys)));
    }

    /** What the planner turns into key ranges: PartitionKey eq with RowKey comparisons or a disjunction of RowKeys. */
    private static Arbitrary<Expr> keyQuery(List<String> partitions, List<String> keys) {
        Arbitrary<Expr> pkEq = Arbitraries.of(partitions).map(pk -> (Expr) new Cmp("PartitionKey", "eq", Value.string(pk),
                stringText(pk), false));
        Arbitrary<Expr> rk = Combinators.combine(Arbitraries.of("eq", "ne", "gt", "ge", "lt", "le"), keyLiteral(keys))
                .as((op, lit) -> (Expr) new Cmp("RowKey", op, lit.value(), lit.text(), false));
        Arbitrary<Expr> rkOr = rk.list().ofMinSize(2).ofMaxSize(4).map(list -> list.stream().reduce(Or::new).orElseThrow());
        Arbitrary<Expr> rkRange = Combinators.combine(rk, rk).as(And::new);
        return Combinators.combine(pkEq, Arbitraries.oneOf(rk, rkOr, rkRange)).as(And::new);
    }

    private static Arbitrary<Expr> comparison(List<String> keys) {
        Arbitrary<String> property = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just("PartitionKey")),
                Tuple.of(4, Arbitraries.just("RowKey")),
                Tuple.of(8, Arbitraries.of("A", "AB", "a", "Num", "Nu", "Missing")));
        return property.flatMap(name -> {
            boolean isKey = name.equals("PartitionKey") || name.equals("RowKey");
            Arbitrary<Lit> literal = isKey
                    ? Arbitraries.frequencyOf(Tuple.of(8, keyLiteral(keys)), Tuple.of(1, anyLiteral(keys)))
                    : anyLiteral(keys);
            return literal.flatMap(lit -> Combinators.combine(
                    lit.value().type() == Type.BOOLEAN ? Arbitraries.of("eq", "ne")
                            : Arbitraries.of("eq", "ne", "gt", "ge", "lt", "le"),
                    Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(true)), Tuple.of(6, Arbitraries.just(false))))
                    .as((op, first) -> (Expr) new Cmp(name, op, lit.value(), lit.text(), first)));
        });
    }

    private static Arbitrary<Lit> keyLiteral(List<String> keys) {
        return Arbitraries.oneOf(Arbitraries.of(keys), key()).map(s -> new Lit(Value.string(s), stringText(s)));
    }

    private static Arbitrary<Lit> anyLiteral(List<String> keys) {
        Arbitrary<Integer> style = Arbitraries.integers().between(0, 2);
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.oneOf(Arbitraries.of(STRINGS), Arbitraries.of(keys))
                        .map(s -> new Lit(Value.string(s), stringText(s)))),
                Tuple.of(2, Arbitraries.of(INTS).map(i -> new Lit(new Value(Type.INT32, i), Integer.toString(i)))),
                Tuple.of(2, Combinators.combine(Arbitraries.of(LONGS), style)
                        .as((l, s) -> new Lit(new Value(Type.INT64, l), l + (s == 0 ? "l" : "L")))),
                Tuple.of(2, Combinators.combine(Arbitraries.of(DOUBLE_LITERALS), style)
                        .as((d, s) -> new Lit(new Value(Type.DOUBLE, d), doubleText(d, s)))),
                Tuple.of(1, Arbitraries.of(true, false).map(b -> new Lit(new Value(Type.BOOLEAN, b), b.toString()))),
                Tuple.of(1, Combinators.combine(Arbitraries.of(INSTANTS), style)
                        .as((t, s) -> new Lit(new Value(Type.DATETIME, t), "datetime'" + dateTimeText(t, s) + "'"))),
                Tuple.of(1, Combinators.combine(Arbitraries.of(GUIDS), style).as((g, s) -> new Lit(new Value(Type.GUID, g),
                        "guid'" + (s == 1 ? g.toString().toUpperCase(Locale.ROOT) : g.toString()) + "'"))),
                Tuple.of(1, Combinators.combine(Arbitraries.of(BINARIES), style).as((h, s) -> new Lit(new Value(Type.BINARY, h),
                        switch (s) {
                            case 0 -> "X'" + h + "'";
                            case 1 -> "binary'" + h.toUpperCase(Locale.ROOT) + "'";
                            default -> "X'" + h.toUpperCase(Locale.ROOT) + "'";
                        }))));
    }

    static String stringText(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** Spec 5.1 double forms: digits.digits[exp], digits exp [D], and INF, -INF, NaN. */
    private static String doubleText(double d, int style) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "INF" : "-INF";
        }
        if (style == 0) {
            return Double.toString(d);
        }
        BigDecimal exact = new BigDecimal(Double.toString(d));
        return exact.unscaledValue() + "e" + (-exact.scale()) + (style == 2 ? "D" : "");
    }

    private static String dateTimeText(Instant t, int style) {
        if (style == 1 && t.getNano() == 0) {
            return t.toString();
        }
        return FilterOracle.dateTimeText(t);
    }
}
