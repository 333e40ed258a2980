package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeaderValuesTest {
    @Test
    void anOrdinaryValueIsTheSameObject() {
        String value = "RANGE(pk='Sales', rk=['a'..'b')) | FILTER Age gt 30\t| TOP 10";
        assertThat(HeaderValues.escape(value)).isSameAs(value);
    }

    @Test
    void controlAndNonAsciiCharactersArePercentEncodedAndSoIsPercent() {
        assertThat(HeaderValues.escape("a\r\nb\u0000 100% \u00e9\u007f"))
                .isEqualTo("a%0D%0Ab%00 100%25 %C3%A9%7F");
    }
}
