package io.cerulean.http.multipart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LineCursorTest {
    @Property(tries = 3000)
    void findsTheFirstNewlineAsAByteByByteSearchWould(@ForAll("bodies") byte[] data, @ForAll @IntRange(max = 40) int skip,
                                                     @ForAll @IntRange(max = 40) int cut) {
        int from = Math.min(skip, data.length);
        int to = Math.max(from, data.length - cut);
        int expected = from;
        while (expected < to && data[expected] != '\n') {
            expected++;
        }
        assertThat(LineCursor.indexOfNewline(data, from, to)).isEqualTo(expected);
    }

    @Test
    void readsCrlfAndLfLinesAlike() {
        byte[] body = "first\r\nsecond\nthird-without-end".getBytes(StandardCharsets.UTF_8);
        LineCursor lines = new LineCursor(body, 0, body.length);
        List<String> read = new ArrayList<>();
        while (lines.advance()) {
            read.add(lines.text());
        }
        assertThat(read).containsExactly("first", "second", "third-without-end");
    }

    @Provide
    Arbitrary<byte[]> bodies() {
        // Newlines among bytes that differ from LF by one bit or by borrow, where a word-at-a-time search could slip.
        return Arbitraries.of((byte) '\n', (byte) 0x0B, (byte) 0x09, (byte) 0x8A, (byte) 0x00, (byte) 0xFF, (byte) 'a',
                (byte) 0x0A0B).array(byte[].class).ofMaxSize(64);
    }
}
