package io.cerulean.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class ByteScanTest {
    /** Any window, any byte (those at or above 0x80 included): the answer of a byte-by-byte search. */
    @Property(tries = 5000)
    void findsTheFirstByteAsAByteByByteSearchWould(@ForAll("bytes") byte[] data, @ForAll("targets") byte b,
                                                   @ForAll @IntRange(max = 20) int skip,
                                                   @ForAll @IntRange(max = 20) int cut) {
        int from = Math.min(skip, data.length);
        int to = Math.max(from, data.length - cut);
        int expected = -1;
        for (int i = from; i < to; i++) {
            if (data[i] == b) {
                expected = i;
                break;
            }
        }
        assertThat(ByteScan.indexOf(data, from, to, b)).isEqualTo(expected);
    }

    /** Few distinct bytes, so that the target is often there, often twice, and neighbours borrow. */
    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.of((byte) 0, (byte) 1, (byte) '\n', (byte) '?', (byte) 'a', (byte) 0x7F, (byte) 0x80,
                (byte) 0xED, (byte) 0xFF).array(byte[].class).ofMaxSize(70);
    }

    @Provide
    Arbitrary<Byte> targets() {
        return Arbitraries.of((byte) 0, (byte) '\n', (byte) '?', (byte) 0x80, (byte) 0xED, (byte) 0xFF);
    }
}
