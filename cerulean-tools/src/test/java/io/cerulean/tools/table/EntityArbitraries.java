package io.cerulean.tools.table;

import com.azure.data.tables.models.TableEntity;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Entities of every EDM type, edge values included, for the codecs' properties. */
final class EntityArbitraries {
    private EntityArbitraries() {
    }

    static Arbitrary<String> strings() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(30),
                Arbitraries.strings().withChars("\",\n\r\\ \t{}:'\u0001\u2028").ofMaxLength(10),
                Arbitraries.of("", "\uD83D\uDE00", "12", "NaN", "true", "null"));
    }

    static Arbitrary<Object> values() {
        return Arbitraries.oneOf(
                strings().map(s -> (Object) s),
                Arbitraries.integers().edgeCases(e -> e.includeOnly(Integer.MIN_VALUE, Integer.MAX_VALUE, 0)).map(i -> (Object) i),
                Arbitraries.longs().map(l -> (Object) l),
                Arbitraries.doubles().withSpecialValue(Double.NaN).withSpecialValue(Double.POSITIVE_INFINITY)
                        .withSpecialValue(Double.NEGATIVE_INFINITY).withSpecialValue(-0.0).withSpecialValue(Double.MIN_VALUE)
                        .withSpecialValue(20.0).withSpecialValue(1e308).map(d -> (Object) d),
                Arbitraries.of(true, false).map(b -> (Object) b),
                Arbitraries.longs().between(-11_644_473_600L * 10_000_000L, 253_402_300_799L * 10_000_000L)
                        .map(ticks -> (Object) OffsetDateTime.ofInstant(Instant.ofEpochSecond(Math.floorDiv(ticks, 10_000_000L),
                                Math.floorMod(ticks, 10_000_000L) * 100L), ZoneOffset.UTC)),
                Arbitraries.longs().tuple2().map(t -> (Object) new UUID(t.get1(), t.get2())),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(50).map(b -> (Object) b));
    }

    static Arbitrary<TableEntity> entities() {
        Arbitrary<Map<String, Object>> properties = Arbitraries.maps(
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(8)
                        .filter(n -> Character.isLetter(n.charAt(0)) && !n.equals("PartitionKey") && !n.equals("RowKey")
                                && !n.equals("Timestamp")),
                values()).ofMaxSize(8);
        return Combinators.combine(strings(), strings(), properties).as((pk, rk, map) -> {
            TableEntity entity = new TableEntity(pk, rk);
            map.forEach(entity::addProperty);
            return entity;
        });
    }

    /** What an entity holds, comparable: types kept, binary and doubles by their bits. */
    static Map<String, String> comparable(TableEntity entity) {
        Map<String, String> out = new TreeMap<>();
        entity.getProperties().forEach((name, value) -> out.put(name, value.getClass().getSimpleName() + ":"
                + (value instanceof byte[] b ? Base64.getEncoder().encodeToString(b)
                : value instanceof Double d ? Long.toString(Double.doubleToLongBits(d)) : value.toString())));
        return out;
    }
}
