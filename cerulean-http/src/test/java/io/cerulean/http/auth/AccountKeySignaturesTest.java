package io.cerulean.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccountKeySignaturesTest {
    @Test
    void anEmptyKeySignsAsHmacDefinesIt() {
        // An Azurite key such as "!!!" decodes to no bytes, and Node signs with that empty key; this
        // signature is Node's crypto.createHmac('sha256', Buffer.alloc(0)) over the same string.
        String stringToSign = "GET\n\n\nTue, 01 Feb 2022 20:52:39 GMT\n/blank/blank/Tables";
        byte[] nodeSignature = Base64.getDecoder().decode("VfuiLJ6OqaYp04ceEbdsIyzmsOR+TPZrKG9LyG3zuaY=");
        Account blank = new Account("blank", List.of(new byte[0]));
        assertThat(AccountKeySignatures.matchesAny(blank, List.of(stringToSign), nodeSignature)).isTrue();
        assertThat(AccountKeySignatures.matchesAny(blank, List.of(stringToSign + "x"), nodeSignature)).isFalse();
    }
}
