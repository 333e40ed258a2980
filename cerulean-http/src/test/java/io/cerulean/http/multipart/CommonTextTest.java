package io.cerulean.http.multipart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class CommonTextTest {
    /** Whatever the window holds, the text is its UTF-8 decoding, common or not, and only the window counts. */
    @Property(tries = 2000)
    void aWindowReadsAsItsUtf8Text(@ForAll("pieces") String before, @ForAll("pieces") String text,
                                   @ForAll("pieces") String after) {
        byte[] data = (before + text + after).getBytes(StandardCharsets.UTF_8);
        int from = before.getBytes(StandardCharsets.UTF_8).length;
        int to = from + text.getBytes(StandardCharsets.UTF_8).length;
        assertThat(CommonText.of(data, from, to)).isEqualTo(text);
        assertThat(CommonText.trimmed(data, from, to)).isEqualTo(text.trim());
    }

    /** The point of the class: a hundred parts' "Content-Type" are one String, not a hundred. */
    @Test
    void commonTextsAreTheSameInstanceEveryTime() {
        byte[] data = "x: Content-Type :application/json;odata=nometadata\r\n".getBytes(StandardCharsets.US_ASCII);
        String name = CommonText.trimmed(data, 2, 16);
        assertThat(name).isEqualTo("Content-Type").isSameAs(CommonText.trimmed(data.clone(), 2, 16));
        assertThat(CommonText.trimmed(data, 17, data.length)).isEqualTo("application/json;odata=nometadata")
                .isSameAs(CommonText.of(data, 17, data.length - 2));
        // Text that is not common is decoded each time.
        assertThat(CommonText.of(data, 3, 14)).isEqualTo("Content-Typ").isNotSameAs(CommonText.of(data, 3, 14));
    }

    @Provide
    Arbitrary<String> pieces() {
        Arbitrary<String> common = Arbitraries.of("Content-Type", "content-id", "POST", "HTTP/1.1", "3.0", "*",
                "application/json", "binary", "Content-Typ", "Content-Types", "3.0;");
        Arbitrary<String> other = Arbitraries.strings().withChars("aCT-/:; \t*\u00e9\u4e2d").ofMaxLength(20);
        return Arbitraries.oneOf(common, other, common.map(text -> " \t" + text + "  "));
    }
}
