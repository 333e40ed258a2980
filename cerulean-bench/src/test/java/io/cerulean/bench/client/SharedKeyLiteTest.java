package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class SharedKeyLiteTest {
    private static final String DATE = "Tue, 01 Feb 2022 20:52:39 GMT";

    @Test
    void pathStyleUrlsNameTheAccountTwice() {
        assertThat(SharedKeyLite.stringToSign(DATE, "devstoreaccount1", "/devstoreaccount1/Tables"))
                .isEqualTo(DATE + "\n/devstoreaccount1/devstoreaccount1/Tables");
    }

    @Test
    void onlyCompOfTheQueryIsSigned() {
        assertThat(SharedKeyLite.stringToSign(DATE, "acct", "/t()?$filter=Age%20eq%2042&$top=5"))
                .isEqualTo(DATE + "\n/acct/t()");
        assertThat(SharedKeyLite.stringToSign(DATE, "acct", "/mytable?timeout=30&comp=acl"))
                .isEqualTo(DATE + "\n/acct/mytable?comp=acl");
    }

    @Test
    void signatureIsHmacSha256OfTheDocumentedStringToSign() throws Exception {
        String stringToSign = DATE + "\n/devstoreaccount1/devstoreaccount1/Tables";
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(Target.DEV_KEY), "HmacSHA256"));
        String expected = Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));

        String header = new SharedKeyLite("devstoreaccount1", Target.DEV_KEY)
                .authorization(DATE, "/devstoreaccount1/Tables");

        assertThat(header).isEqualTo("SharedKeyLite devstoreaccount1:" + expected);
    }

    /** Computed apart with {@code openssl dgst -sha256 -mac HMAC}, so a change to either side shows. */
    @Test
    void signaturesMatchOnesComputedWithOpenssl() {
        SharedKeyLite signer = new SharedKeyLite("devstoreaccount1", Target.DEV_KEY);
        assertThat(signer.authorization(DATE, "/devstoreaccount1/Tables"))
                .isEqualTo("SharedKeyLite devstoreaccount1:5cvd+PqAMIPvd3yFkOaTX0ovkvUQ88pT8L0A18C9fqY=");
        assertThat(signer.authorization(DATE, "/devstoreaccount1/mytable?comp=acl"))
                .isEqualTo("SharedKeyLite devstoreaccount1:jPOfwuq7iAV5RmNzybmeLSW2nwYklz4FMoZUv+EbRdY=");
    }

    @Test
    void theQueueFormSignsVerbTypeEmptyDateSortedMsHeadersAndTheResource() {
        TreeMap<String, String> headers = new TreeMap<>();
        headers.put("x-ms-version", "2019-02-02");
        headers.put("x-ms-date", DATE);
        assertThat(SharedKeyLite.queueStringToSign("POST", "", "application/xml", headers, "devstoreaccount1",
                "/devstoreaccount1/myqueue/messages"))
                .isEqualTo("POST\n\napplication/xml\n\nx-ms-date:" + DATE + "\nx-ms-version:2019-02-02\n"
                        + "/devstoreaccount1/devstoreaccount1/myqueue/messages");
    }

    @Test
    void theQueueFormSignsOnlyCompOfTheQuery() {
        TreeMap<String, String> headers = new TreeMap<>();
        headers.put("x-ms-date", DATE);
        assertThat(SharedKeyLite.queueStringToSign("GET", "", "", headers, "acct",
                "/q/messages?numofmessages=1&visibilitytimeout=30"))
                .isEqualTo("GET\n\n\n\nx-ms-date:" + DATE + "\n/acct/q/messages");
        assertThat(SharedKeyLite.queueStringToSign("DELETE", "", "", headers, "acct",
                "/q/messages/abc?popreceipt=AQ%3D%3D"))
                .isEqualTo("DELETE\n\n\n\nx-ms-date:" + DATE + "\n/acct/q/messages/abc");
        assertThat(SharedKeyLite.queueStringToSign("GET", "", "", headers, "acct", "/?comp=list&maxresults=1"))
                .isEqualTo("GET\n\n\n\nx-ms-date:" + DATE + "\n/acct/?comp=list");
    }

    /** Computed apart with {@code openssl dgst -sha256 -mac HMAC} over the documented strings. */
    @Test
    void queueSignaturesMatchOnesComputedWithOpenssl() {
        SharedKeyLite signer = new SharedKeyLite("devstoreaccount1", Target.DEV_KEY);
        assertThat(signer.queueAuthorization("POST", "application/xml", DATE, "2019-02-02",
                "/devstoreaccount1/myqueue/messages"))
                .isEqualTo("SharedKeyLite devstoreaccount1:b8z8rY9xzgx+EPPHcQA3Fd5avMVt6Zxqp9jxDKdSek0=");
        assertThat(signer.queueAuthorization("GET", null, DATE, "2019-02-02",
                "/devstoreaccount1/myqueue?comp=metadata"))
                .isEqualTo("SharedKeyLite devstoreaccount1:39F12dmlIwTIvTdXiEFsx+9ZOViC+C4n7YUe48XlF9s=");
    }

    @Test
    void aKeyThatIsNotBase64IsRefusedUpFront() {
        assertThatThrownBy(() -> new SharedKeyLite("acct", "not*base64"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("base64");
    }

    @Test
    void httpDateIsRfc1123InGmt() {
        assertThat(HttpDate.format(1_643_748_759L)).isEqualTo(DATE);
        assertThat(HttpDate.now()).endsWith(" GMT").hasSize(DATE.length());
    }
}
