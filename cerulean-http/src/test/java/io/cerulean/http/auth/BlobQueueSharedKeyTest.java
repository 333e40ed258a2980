package io.cerulean.http.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Shared Key in its Blob and Queue form, held to a request and signature a real server accepted:
 * Put Message with a client request id and two query parameters, signed with the development key.
 */
class BlobQueueSharedKeyTest {
    private static final String DATE = "Wed, 25 Nov 2026 18:00:00 GMT";
    private static final Clock AT_DATE = Clock.fixed(Instant.parse("2026-11-25T18:00:00Z"), ZoneOffset.UTC);
    private static final String SIGNATURE = "n+FHJfbgkISPv22Xb/m7inh0Osb3qGi5uvgNcaEeESc=";
    private static final String STRING_TO_SIGN = "POST\n\n\n62\n\napplication/xml\n\n\n\n\n\n\n"
            + "x-ms-client-request-id:req-1\nx-ms-date:" + DATE + "\nx-ms-version:2025-11-05\n"
            + "/devstoreaccount1/devstoreaccount1/myqueue/messages\nmessagettl:60\nvisibilitytimeout:0";

    private final SharedKeyAuthenticator authenticator = new SharedKeyAuthenticator(
            new Accounts(List.of(Account.development())), BlobQueueSharedKey.INSTANCE, AT_DATE);

    @Test
    void theFirstStringToSignIsTheOneTheServiceSigns() {
        assertThat(BlobQueueSharedKey.INSTANCE.of(putMessage("SharedKey devstoreaccount1:" + SIGNATURE),
                "devstoreaccount1", false).get(0)).isEqualTo(STRING_TO_SIGN);
    }

    @Test
    void aRequestSignedAsTheServiceSignsItIsAuthenticated() {
        assertThat(authenticator.authenticate(putMessage("SharedKey devstoreaccount1:" + SIGNATURE), "devstoreaccount1"))
                .isEqualTo("devstoreaccount1");
    }

    @Test
    void aSignatureOverOtherQueryParametersIsRefused() {
        AzureRequest request = putMessage("SharedKey devstoreaccount1:" + SIGNATURE);
        Map<String, List<String>> query = new LinkedHashMap<>(request.query());
        query.put("messagettl", List.of("61"));
        AzureRequest altered = new AzureRequest(request.method(), request.rawPath(), query, request.headers(),
                request.body(), false, "127.0.0.1");
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> authenticator.authenticate(altered, "devstoreaccount1"));
        assertThat(refused.errorCode()).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void headersAreSortedLowerCasedAndUnfolded() {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("X-MS-Version", "2025-11-05");
        headers.add("x-ms-meta-Beta", "two \t  words");
        headers.add("x-ms-meta-alpha", "a");
        headers.add("x-ms-meta-gamma", "one\ttab");
        headers.add("x-ms-meta-delta", "single spaces stay");
        headers.add("Content-Type", "text/plain");
        AzureRequest request = new AzureRequest("PUT", "/a/q", Map.of(), headers, new byte[0], false, "127.0.0.1");
        assertThat(BlobQueueSharedKey.canonicalizedHeaders(request))
                .isEqualTo("x-ms-meta-alpha:a\nx-ms-meta-beta:two words\nx-ms-meta-delta:single spaces stay\n"
                        + "x-ms-meta-gamma:one tab\nx-ms-version:2025-11-05\n");
    }

    @Test
    void sharedKeyLiteSignsOnlyComp() {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("x-ms-date", DATE);
        AzureRequest request = new AzureRequest("GET", "/devstoreaccount1/q", Map.of("comp", List.of("metadata"),
                "timeout", List.of("30")), headers, new byte[0], false, "127.0.0.1");
        assertThat(BlobQueueSharedKey.INSTANCE.of(request, "devstoreaccount1", true).get(0))
                .isEqualTo("GET\n\n\n\nx-ms-date:" + DATE + "\n/devstoreaccount1/devstoreaccount1/q?comp=metadata");
    }

    private static AzureRequest putMessage(String authorization) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("Host", "127.0.0.1:10001");
        headers.add("x-ms-date", DATE);
        headers.add("x-ms-version", "2025-11-05");
        headers.add("x-ms-client-request-id", "req-1");
        headers.add("Content-Type", "application/xml");
        headers.add("Content-Length", "62");
        headers.add("Authorization", authorization);
        Map<String, List<String>> query = new LinkedHashMap<>();
        query.put("visibilitytimeout", List.of("0"));
        query.put("messagettl", List.of("60"));
        return new AzureRequest("POST", "/devstoreaccount1/myqueue/messages", query, headers,
                "<QueueMessage><MessageText>second</MessageText></QueueMessage>".getBytes(), false, "127.0.0.1");
    }
}
