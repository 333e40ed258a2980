package io.cerulean.http.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.auth.BearerTokenAuthenticator;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.auth.Grants;
import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.auth.SasAuthenticator;
import io.cerulean.http.auth.ServiceIdentity;
import io.cerulean.http.auth.ServiceSas;
import io.cerulean.http.auth.SharedKeyAuthenticator;
import io.cerulean.http.cors.CorsPolicy;
import io.cerulean.http.cors.CorsRules;
import io.cerulean.http.error.ErrorBody;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.HttpDates;
import io.cerulean.http.message.ResponseContent;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.requestlog.RequestLogEntry;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The kernel's stages around a service that records which of its own were reached. */
class RequestPipelineTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final String DATE = HttpDates.format(NOW);
    private static final Accounts ACCOUNTS = new Accounts(List.of(Account.development()));
    private static final ServiceIdentity SERVICE = new ServiceIdentity("Test", 'x', "test");

    /**
     * A route named for the method: GET and HEAD read, GET may run on the event loop, and a PUT to
     * /stream streams its body.
     */
    private record Method(String name) implements RoutedOperation {
        @Override
        public boolean isRead() {
            return name.equals("GET") || name.equals("HEAD");
        }

        @Override
        public boolean runsOnEventLoop() {
            return name.equals("GET");
        }

        @Override
        public OptionalLong streamedBodyLimit(AzureRequest head) {
            return name.equals("PUT") && head.rawPath().endsWith("/stream") ? OptionalLong.of(10)
                    : OptionalLong.empty();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A service whose routes are method names and whose grants are the credential's kind. */
    private static final class RecordingService implements RestService<Target, Method, String> {
        final List<String> stages = new ArrayList<>();
        RuntimeException failure;
        RuntimeException routeFailure;
        AzureResponse answer; // or an empty 200 to GET, 204 to the rest
        CompletableFuture<Void> durable = CompletableFuture.completedFuture(null);
        boolean xml;

        @Override
        public String name() {
            return "test";
        }

        @Override
        public Target parse(AzureRequest request) {
            stages.add("parse");
            String account = request.rawPath().substring(1).split("/")[0];
            if (account.isEmpty()) {
                throw new ServiceException(CommonError.INVALID_URI);
            }
            boolean secondary = account.endsWith("-secondary");
            return new Target() {
                @Override
                public String account() {
                    return secondary ? account.substring(0, account.length() - "-secondary".length()) : account;
                }

                @Override
                public boolean secondary() {
                    return secondary;
                }
            };
        }

        @Override
        public Method route(Target target, AzureRequest request) {
            stages.add("route");
            if (routeFailure != null) {
                throw routeFailure;
            }
            return new Method(request.method());
        }

        @Override
        public void authorize(String grant, Method route, Target target) {
            stages.add("authorize " + grant + " " + route);
        }

        @Override
        public AzureResponse execute(Method route, Target target, String grant, AzureRequest request,
                                     String requestId) {
            stages.add("execute");
            if (failure != null) {
                throw failure;
            }
            if (answer != null) {
                return answer;
            }
            return AzureResponse.status(route.name().equals("GET") ? 200 : 204);
        }

        /** Requests the next request carries, each answered through the stages the kernel lends. */
        List<AzureRequest> carried = List.of();
        final List<AzureResponse> carriedAnswers = new ArrayList<>();

        @Override
        public AzureResponse execute(Method route, Target target, String grant, AzureRequest request,
                                     String requestId, SubRequests subRequests) {
            if (route.name().equals("POST")) {
                for (AzureRequest subRequest : carried) {
                    carriedAnswers.add(subRequests.answer(subRequest));
                }
            }
            return execute(route, target, grant, request, requestId);
        }

        @Override
        public CompletableFuture<Void> whenDurable() {
            stages.add("durable");
            return durable;
        }

        @Override
        public boolean xmlErrors(Target target, AzureRequest request) {
            return xml;
        }

        @Override
        public ResponseStyle responseStyle() {
            return new ResponseStyle("2099-01-01", "X-Test-Service", "1", new ErrorBody() {
                @Override
                public String contentType() {
                    return "text/plain";
                }

                @Override
                public byte[] write(String code, String message) {
                    return code.getBytes(StandardCharsets.UTF_8);
                }
            });
        }

        @Override
        public int maxRequestBodyBytes() {
            return 1024;
        }
    }

    private final RecordingService service = new RecordingService();
    private final RequestPipeline<Target, Method, String> pipeline = new RequestPipeline<>(service,
            authenticator(), new CorsPolicy(account -> CorsRules.none()), Metrics.discarded());

    private static RequestAuthenticator<String> authenticator() {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        Grants<String> grants = new Grants<>() {
            @Override
            public String accountKey() {
                return "key";
            }

            @Override
            public String bearerToken(Set<DataRole> roles) {
                return "bearer";
            }

            @Override
            public String accountSas(String permissions, String resourceTypes) {
                return "sas " + permissions;
            }
        };
        ServiceSas<String> noServiceSas = new ServiceSas<>() {
            @Override
            public boolean isCarriedBy(AzureRequest request) {
                return false;
            }

            @Override
            public String describe() {
                return "a test resource";
            }

            @Override
            public String authenticate(AzureRequest request, Account account, String version, byte[] signature) {
                throw new AssertionError("no service SAS here");
            }
        };
        return new RequestAuthenticator<>(
                new SharedKeyAuthenticator(ACCOUNTS, (request, account, lite) -> List.of(request.method() + "\n"
                        + request.rawPath()), clock),
                new SasAuthenticator<>(ACCOUNTS, SERVICE, noServiceSas, grants, clock),
                new BearerTokenAuthenticator(ACCOUNTS, SERVICE, OAuthTrust.NONE, clock), grants);
    }

    private static AzureRequest request(String method, String path, boolean signed) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("x-ms-date", DATE);
        if (signed) {
            headers.add("Authorization",
                    "SharedKeyLite " + Account.DEVELOPMENT_NAME + ":" + sign(method + "\n" + path));
        }
        return new AzureRequest(method, path, Map.of(), headers, new byte[0], false, "127.0.0.1");
    }

    private static String sign(String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(Account.DEVELOPMENT_KEY), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private AzureResponse answer(AzureRequest request) {
        AtomicReference<AzureResponse> answer = new AtomicReference<>();
        pipeline.handle(request, answer::set);
        return answer.get();
    }

    private static String header(AzureResponse response, String name) {
        return response.headers().stream().filter(h -> h.getKey().equals(name)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    @Test
    void theServiceStagesRunInOrderAndTheAnswerGetsTheCommonHeaders() {
        AzureResponse response = answer(request("GET", "/devstoreaccount1/thing", true));

        assertThat(service.stages).containsExactly("parse", "route", "authorize key GET", "execute");
        assertThat(response.status()).isEqualTo(200);
        assertThat(header(response, "x-ms-version")).isEqualTo("2099-01-01");
        assertThat(header(response, "X-Test-Service")).isEqualTo("1");
        assertThat(header(response, "x-ms-request-id")).isNotBlank();
    }

    @Test
    void aCarriedRequestGoesThroughTheSameStagesWithItsOwnCredentialAndRequestId() {
        service.carried = List.of(request("GET", "/devstoreaccount1/a", true),
                request("DELETE", "/devstoreaccount1/b", false), request("PUT", "/devstoreaccount1/stream", true));

        AzureResponse outer = answer(request("POST", "/devstoreaccount1/batch", true));

        assertThat(outer.status()).isEqualTo(204);
        assertThat(service.carriedAnswers).extracting(AzureResponse::status).containsExactly(200, 403, 400);
        assertThat(header(service.carriedAnswers.get(1), "x-ms-error-code")).isEqualTo("AuthenticationFailed");
        assertThat(header(service.carriedAnswers.get(2), "x-ms-error-code"))
                .as("a carried request has no body to stream").isEqualTo("InvalidInput");
        List<String> ids = new ArrayList<>(List.of(header(outer, "x-ms-request-id")));
        service.carriedAnswers.forEach(answer -> ids.add(header(answer, "x-ms-request-id")));
        assertThat(ids).doesNotHaveDuplicates().doesNotContainNull();
        assertThat(service.stages).as("durability is waited for once, by the carrier").containsExactly(
                "parse", "route", "authorize key POST",
                "parse", "route", "authorize key GET", "execute",
                "parse", "route",
                "parse", "route",
                "execute", "durable");
    }

    @Test
    void aBearerRequestNeverRunsOnTheEventLoopSinceItsKeysMayBeFetched() {
        AzureRequest signed = request("GET", "/devstoreaccount1/thing", true);
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("Authorization", "bearer a.b.c");
        AzureRequest bearer = new AzureRequest("GET", "/devstoreaccount1/thing", Map.of(), headers, new byte[0], true,
                "127.0.0.1");

        assertThat(pipeline.runsOnEventLoop(signed)).as("what the service says").isTrue();
        assertThat(pipeline.runsOnEventLoop(bearer)).isFalse();
    }

    @Test
    void aRequestRoutedFromItsHeadIsParsedAndRoutedOnceHoweverOftenItIsAskedAbout() {
        AzureRequest routed = pipeline.routed(request("GET", "/devstoreaccount1/thing", true));

        assertThat(pipeline.runsOnEventLoop(routed)).isTrue();
        assertThat(pipeline.streamedBodyLimit(routed)).isEmpty();
        AtomicReference<AzureResponse> answer = new AtomicReference<>();
        pipeline.handle(routed, answer::set);

        assertThat(answer.get().status()).isEqualTo(200);
        assertThat(service.stages).containsExactly("parse", "route", "authorize key GET", "execute");
    }

    @Test
    void whereARequestRunsAndWhetherItsBodyStreamsAreItsRoutesToSay() {
        assertThat(pipeline.runsOnEventLoop(pipeline.routed(request("GET", "/devstoreaccount1/thing", true)))).isTrue();
        assertThat(pipeline.runsOnEventLoop(pipeline.routed(request("PUT", "/devstoreaccount1/thing", true))))
                .isFalse();
        assertThat(pipeline.streamedBodyLimit(pipeline.routed(request("PUT", "/devstoreaccount1/stream", true))))
                .hasValue(10);
        assertThat(pipeline.streamedBodyLimit(pipeline.routed(request("PUT", "/devstoreaccount1/thing", true))))
                .isEmpty();
        AzureRequest unparsed = pipeline.routed(request("GET", "/", true));
        assertThat(pipeline.runsOnEventLoop(unparsed)).as("a request that is refused runs on a worker").isFalse();
        assertThat(pipeline.streamedBodyLimit(unparsed)).isEmpty();
    }

    @Test
    void aRefusalOfTheRouteFoundOnTheHeadIsAnsweredOnlyOnceTheCallerIsAuthenticated() {
        service.routeFailure = new ServiceException(CommonError.UNSUPPORTED_HTTP_VERB);

        AzureResponse anonymous = answer(pipeline.routed(request("GET", "/devstoreaccount1/thing", false)));
        AzureResponse signed = answer(pipeline.routed(request("GET", "/devstoreaccount1/thing", true)));

        assertThat(anonymous.status()).isEqualTo(403);
        assertThat(header(anonymous, "x-ms-error-code")).isEqualTo("AuthenticationFailed");
        assertThat(signed.status()).isEqualTo(405);
        assertThat(header(signed, "x-ms-error-code")).isEqualTo("UnsupportedHttpVerb");
    }

    @Test
    void aWriteToTheSecondaryEndpointIsRefusedAndAReadServed() {
        AzureResponse write = answer(request("PUT", "/devstoreaccount1-secondary/thing", true));
        AzureResponse read = answer(request("GET", "/devstoreaccount1-secondary/thing", true));

        assertThat(write.status()).isEqualTo(403);
        assertThat(header(write, "x-ms-error-code")).isEqualTo("InsufficientAccountPermissions");
        assertThat(read.status()).isEqualTo(200);
        assertThat(service.stages).containsExactly("parse", "route", "parse", "route", "authorize key GET", "execute");
    }

    @Test
    void aWriteThatFailedIsAnsweredWithoutWaitingForDurability() {
        service.durable = new CompletableFuture<>();
        service.failure = new ServiceException(CommonError.INVALID_INPUT, "no");

        assertThat(answer(request("PUT", "/devstoreaccount1/thing", true)).status()).isEqualTo(400);
        assertThat(service.stages).doesNotContain("durable");
    }

    @Test
    void anUnauthenticatedRequestIsRefusedBeforeItIsRouted() {
        AzureResponse response = answer(request("GET", "/devstoreaccount1/thing", false));

        assertThat(response.status()).isEqualTo(403);
        assertThat(header(response, "x-ms-error-code")).isEqualTo("AuthenticationFailed");
        assertThat(service.stages).containsExactly("parse");
    }

    @Test
    void aServiceErrorIsRenderedInTheFormTheServiceChooses() {
        service.failure = new ServiceException(CommonError.INVALID_INPUT, "no");
        AzureResponse other = answer(request("GET", "/devstoreaccount1/thing", true));
        service.xml = true;
        AzureResponse xml = answer(request("GET", "/devstoreaccount1/thing", true));

        assertThat(other.status()).isEqualTo(400);
        assertThat(header(other, "x-ms-error-code")).isEqualTo("InvalidInput");
        assertThat(new String(other.body(), StandardCharsets.UTF_8)).isEqualTo("InvalidInput");
        assertThat(new String(xml.body(), StandardCharsets.UTF_8))
                .startsWith("<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>InvalidInput</Code><Message>no\n"
                        + "RequestId:");
    }

    @Test
    void anUnexpectedFailureIsAnInternalError() {
        service.failure = new IllegalStateException("bug");
        AzureResponse response = answer(request("GET", "/devstoreaccount1/thing", true));

        assertThat(response.status()).isEqualTo(500);
        assertThat(header(response, "x-ms-error-code")).isEqualTo("InternalError");
    }

    @Test
    void aStreamedBodyTheClientStoppedSendingIsAnInvalidInputNotAnInternalError() {
        service.failure = new java.io.UncheckedIOException(
                new io.cerulean.http.message.IncompleteBodyException("the client closed the connection"));
        AzureResponse response = answer(request("PUT", "/devstoreaccount1/thing", true));

        assertThat(response.status()).isEqualTo(400);
        assertThat(header(response, "x-ms-error-code")).isEqualTo("InvalidInput");
    }

    @Test
    void aWriteIsAnsweredOnlyOnceItIsDurable() {
        service.durable = new CompletableFuture<>();
        AtomicReference<AzureResponse> answer = new AtomicReference<>();
        pipeline.handle(request("PUT", "/devstoreaccount1/thing", true), answer::set);

        assertThat(answer.get()).isNull();
        service.durable.complete(null);
        assertThat(answer.get().status()).isEqualTo(204);
    }

    @Test
    void aPreflightIsAnsweredFromTheCorsRulesAlone() {
        AzureRequest preflight = request("OPTIONS", "/devstoreaccount1/thing", false);
        preflight.headers().add("Origin", "http://a.example").add("Access-Control-Request-Method", "GET");

        AzureResponse response = answer(preflight);

        assertThat(response.status()).isEqualTo(403);
        assertThat(header(response, "x-ms-error-code")).isEqualTo("CorsPreflightFailure");
        assertThat(service.stages).isEmpty();
    }

    @Test
    void aStreamedAnswerIsLoggedWithTheBytesItSendsAndNoneToAHead() {
        List<RequestLogEntry> entries = new ArrayList<>();
        RequestPipeline<Target, Method, String> logged = pipeline.withRequestLog(new RequestLog() {
            @Override
            public void record(RequestLogEntry entry) {
                entries.add(entry);
            }

            @Override
            public void close() {
            }
        });
        service.answer = AzureResponse.status(200).body("application/octet-stream", new Unread(5L << 30));

        logged.handle(request("GET", "/devstoreaccount1/thing", true), response -> { });
        logged.handle(request("HEAD", "/devstoreaccount1/thing", true), response -> { });

        assertThat(entries).extracting(RequestLogEntry::responseBytes).containsExactly(5L << 30, 0L);
    }

    @Test
    void aStreamedAnswerThatIsReplacedByAnErrorIsClosed() {
        Unread content = new Unread(10);
        service.answer = AzureResponse.status(201).body("application/octet-stream", content);
        service.durable = CompletableFuture.failedFuture(new IllegalStateException("disk gone"));

        AzureResponse response = answer(request("PUT", "/devstoreaccount1/thing", true));

        assertThat(response.status()).isEqualTo(500);
        assertThat(content.closed).isTrue();
    }

    /** A body that must not be read here: the pipeline hands it on, and only the server reads it. */
    private static final class Unread implements ResponseContent {
        private final long length;
        boolean closed;

        Unread(long length) {
            this.length = length;
        }

        @Override
        public long length() {
            return length;
        }

        @Override
        public int read(ByteBuffer target) {
            throw new AssertionError("the pipeline read a streamed body");
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
