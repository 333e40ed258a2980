package io.cerulean.http.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class XmlWriterTest {
    @Provide
    Arbitrary<String> names() {
        Arbitrary<String> pieces = Arbitraries.of("\u0000", "\u0001", "\t", "\n", "\r", "\u001F", "\u007F", "\uFFFE",
                "\uFFFF", "\uFFFD", "\uD83D\uDE00", "<", "&", "\"", "'", " ", "/", "%", "+", "a", "\u00e9", "]]>");
        return pieces.list().ofMaxSize(12).map(list -> String.join("", list));
    }

    /** Whatever the name, the document parses strictly and gives it back, decoded where it was encoded. */
    @Property(tries = 500)
    void anEncodableElementAlwaysReadsBackAsItsText(@ForAll("names") String name) throws Exception {
        byte[] xml = new XmlWriter().start("R").encodableElement("Name", name).end("R").bytes();

        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Element element = (Element) factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml))
                .getDocumentElement().getFirstChild();
        String text = element.getTextContent();
        boolean encoded = element.getAttribute("Encoded").equals("true");

        assertThat(encoded).isEqualTo(!XmlChars.canCarry(name));
        assertThat(encoded ? URLDecoder.decode(text, StandardCharsets.UTF_8) : text).isEqualTo(name);
    }

    @Test
    void encodedNamesAreUtf8PercentEncodedAsTheServiceWritesThem() {
        String xml = new String(new XmlWriter().encodableElement("Name", "dir1/dir2/file\uFFFF.blob a+%~_-")
                .bytes(), StandardCharsets.UTF_8);

        assertThat(xml).endsWith("<Name Encoded=\"true\">dir1%2Fdir2%2Ffile%EF%BF%BF.blob%20a%2B%25~_-</Name>");
    }

    @Test
    void plainTextNeverCarriesWhatXmlCannot() {
        assertThatThrownBy(() -> new XmlWriter().element("Name", "a\u0001b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("U+0001");
        assertThatThrownBy(() -> new XmlWriter().element("Name", "lone \uD800 surrogate"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("U+D800");
        assertThat(XmlChars.replaceUncarried("a\u0001b\uFFFE\uD83D\uDE00")).isEqualTo("a\uFFFDb\uFFFD\uD83D\uDE00");
    }
}
