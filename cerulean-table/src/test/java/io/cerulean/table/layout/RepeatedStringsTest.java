package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.ByteView;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The cache answers exactly what decoding would, through hits, slot collisions and evictions. */
class RepeatedStringsTest {
    @Property(tries = 300)
    void namesComeBackAsDecodingWouldGiveThem(@ForAll("texts") List<String> texts) {
        RepeatedStrings repeated = new RepeatedStrings();
        for (String text : texts) {
            // Inside a larger array, at an offset, as names lie in a stored value.
            byte[] encoded = Cesu8.encode(text);
            byte[] value = new byte[encoded.length + 7];
            System.arraycopy(encoded, 0, value, 3, encoded.length);
            assertThat(repeated.decode(value, 3, encoded.length)).isEqualTo(text);
        }
    }

    @Property(tries = 300)
    void partitionKeysComeBackAsDecodingWouldGiveThem(@ForAll("texts") List<String> partitionKeys) {
        RepeatedStrings repeated = new RepeatedStrings();
        for (String partitionKey : partitionKeys) {
            byte[] encoded = EntityKeys.partition(partitionKey);
            byte[] lent = new byte[encoded.length + 9];
            System.arraycopy(encoded, 0, lent, 8, encoded.length);
            ByteView partition = new ByteView();
            partition.set(lent, 8, encoded.length);
            assertThat(repeated.partitionKey(partition)).isEqualTo(partitionKey);
        }
    }

    @Provide
    Arbitrary<List<String>> texts() {
        // Few distinct short strings, so that most lookups hit and some share a slot; some long
        // ones, which are not cached; characters where CESU-8 and UTF-8 differ.
        Arbitrary<String> shortText = Arbitraries.strings().withChars("abAB\u00E9\u4E2D\uD83D\uDE00").ofMaxLength(3);
        Arbitrary<String> longText = Arbitraries.strings().withChars("xy\u00E9").ofMinLength(60).ofMaxLength(90);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(9, shortText), net.jqwik.api.Tuple.of(1, longText)).list().ofMaxSize(200);
    }
}
