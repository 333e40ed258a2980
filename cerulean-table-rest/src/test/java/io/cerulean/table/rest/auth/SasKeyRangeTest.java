package io.cerulean.table.rest.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.model.PropertySource;
import io.cerulean.table.model.PropertyValue;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The range's own test ({@link SasKeyRange#contains}) and its filter form must agree on every key. */
class SasKeyRangeTest {

    @Provide
    Arbitrary<String> keys() {
        return Arbitraries.strings().withChars("abc").ofMinLength(0).ofMaxLength(3);
    }

    @Provide
    Arbitrary<String> bounds() {
        return Arbitraries.strings().withChars("abc").ofMinLength(0).ofMaxLength(3).injectNull(0.3);
    }

    @Property(tries = 2000)
    void filterSelectsExactlyTheKeysTheRangeContains(@ForAll("bounds") String spk, @ForAll("bounds") String srk,
                                                     @ForAll("bounds") String epk, @ForAll("bounds") String erk,
                                                     @ForAll("keys") String pk, @ForAll("keys") String rk) {
        SasKeyRange range = new SasKeyRange(spk, spk == null ? null : srk, epk, epk == null ? null : erk);
        PropertySource entity = name -> switch (name) {
            case "PartitionKey" -> PropertyValue.ofString(pk);
            case "RowKey" -> PropertyValue.ofString(rk);
            default -> null;
        };
        boolean byFilter = range.asFilter().map(f -> f.matches(entity)).orElse(true);
        assertThat(byFilter).as("%s contains (%s, %s)", range, pk, rk).isEqualTo(range.contains(pk, rk));
    }

    @Property(tries = 200)
    void inclusiveBoundsContainTheirOwnKeys(@ForAll("keys") String pk, @ForAll("keys") String rk) {
        assertThat(new SasKeyRange(pk, rk, pk, rk).contains(pk, rk)).isTrue();
        assertThat(new SasKeyRange(pk, null, pk, null).contains(pk, rk + "z")).isTrue();
        assertThat(new SasKeyRange(pk, rk + "a", null, null).contains(pk, rk)).isFalse();
    }

}
