package io.cerulean.server.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class JsonStringsTest {
    @Property(tries = 3000)
    void writesTheBytesJacksonWould(@ForAll("values") String value) throws IOException {
        assertThat(written(value, true)).isEqualTo(written(value, false));
    }

    /** Text as UTF-8 bytes (no surrogates, which UTF-8 cannot hold), inside a larger array. */
    @Property(tries = 3000)
    void writesUtf8TextAsJacksonWritesTheString(@ForAll("values") String value) throws IOException {
        Assume.that(value.chars().noneMatch(c -> Character.isSurrogate((char) c)));
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        byte[] inside = new byte[utf8.length + 16];
        Arrays.fill(inside, (byte) 'a'); // plain: a check that read past the text would pass it
        System.arraycopy(utf8, 0, inside, 7, utf8.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(out)) {
            JsonStrings.writeUtf8(json, inside, 7, utf8.length);
        }
        assertThat(out.toByteArray()).isEqualTo(written(value, false));
    }

    private static byte[] written(String value, boolean shortcut) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(out)) {
            if (shortcut) {
                JsonStrings.write(json, value);
            } else {
                json.writeString(value);
            }
        }
        return out.toByteArray();
    }

    @Provide
    Arbitrary<String> values() {
        // Long enough to take the shortcut, with every character it must refuse or let through.
        Arbitrary<String> plain = Arbitraries.strings().withChars("lorem ipsum/=+-.:;'<>&").ofMinLength(30).ofMaxLength(80);
        Arbitrary<String> awkward = Arbitraries.strings().withChars('a', ' ', '"', '\\', '?', '\n', '\u0000', '\u001F',
                '\u007F', '\u0080', '\u00E9', '\u2028', '\u4E2D', '\uD800', '\uDC00', '\uFFFD').ofMinLength(30).ofMaxLength(80);
        Arbitrary<String> wide = Arbitraries.strings().withChars("lorem \u00e9\u4e2d\uffff").ofMinLength(1).ofMaxLength(80);
        // What must be escaped among text beyond ASCII, without surrogates (which UTF-8 cannot hold).
        Arbitrary<String> awkwardUtf8 = Arbitraries.strings().withChars('a', ' ', '"', '\\', '?', '\n', '\u0000', '\u001F',
                '\u007F', '\u0080', '\u00E9', '\u2028', '\u4E2D', '\uFFFD').ofMinLength(1).ofMaxLength(80);
        return Arbitraries.oneOf(plain, awkward, wide, awkwardUtf8, plain.map(s -> s + "\""), plain.map(s -> "\\" + s),
                plain.map(s -> s.substring(0, 17) + "\uD83D" + s.substring(17)), plain.map(s -> s + "\t"));
    }
}
