package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SharedKeyTest {
    private static final String DATE = "Wed, 25 Nov 2026 17:51:42 GMT";
    private static final String PUT_BLOCK = "/devstoreaccount1/photos/cat%20one.jpg?comp=block&blockid=QUFBQQ%3D%3D";

    /** The Blob contract's worked example (section 2.1): Put Block of 4 bytes with the development key. */
    @Test
    void theContractsWorkedExample() {
        String sts = SharedKey.stringToSign("PUT", 4, null, Map.of("x-ms-date", DATE, "x-ms-version", "2025-01-05"),
                "devstoreaccount1", PUT_BLOCK);

        assertThat(sts).isEqualTo("PUT\n\n\n4\n\n\n\n\n\n\n\n\nx-ms-date:" + DATE + "\nx-ms-version:2025-01-05\n"
                + "/devstoreaccount1/devstoreaccount1/photos/cat%20one.jpg\nblockid:QUFBQQ==\ncomp:block");
        assertThat(new SharedKey(Target.DEV_ACCOUNT, Target.DEV_KEY).authorization("PUT", 4, null,
                Map.of("x-ms-version", "2025-01-05", "x-ms-date", DATE), PUT_BLOCK))
                .isEqualTo("SharedKey devstoreaccount1:XZnLLaCWU168wrDFo+XGDBgTBC29zmvO5NMKRg7dhHw=");
    }

    @Test
    void aZeroLengthIsSignedEmptyAndHeadersAreLowerCasedSortedAndTrimmed() {
        String sts = SharedKey.stringToSign("GET", 0, null, Map.of("X-MS-Version", "2021-08-06",
                "x-ms-range", " bytes=0-15 ", "x-ms-date", DATE), "acct", "/c/b");

        assertThat(sts).isEqualTo("GET\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:" + DATE + "\nx-ms-range:bytes=0-15\n"
                + "x-ms-version:2021-08-06\n/acct/c/b");
    }

    @Test
    void everyQueryParameterIsSignedSortedByNameWithItsDecodedValue() {
        String sts = SharedKey.stringToSign("PUT", 12, "application/xml", Map.of(), "acct",
                "/acct/c?restype=container&Comp=list&prefix=a%2Fb&include=metadata&include=copy");

        assertThat(sts).endsWith("\napplication/xml\n\n\n\n\n\n\n/acct/acct/c\ncomp:list\ninclude:copy,metadata\n"
                + "prefix:a/b\nrestype:container");
    }

    @Test
    void aKeyThatIsNotBase64IsRefused() {
        assertThatThrownBy(() -> new SharedKey("a", "not base64!")).hasMessageContaining("not base64");
    }
}
