package io.cerulean.server;

import io.cerulean.core.service.TableService;
import io.cerulean.server.auth.Account;
import io.cerulean.server.auth.Accounts;
import io.cerulean.server.auth.BearerTokenAuthenticator;
import io.cerulean.server.auth.RequestAuthenticator;
import io.cerulean.server.auth.SasAuthenticator;
import io.cerulean.server.auth.SharedKeyAuthenticator;
import io.cerulean.server.auth.Signatures;
import io.cerulean.server.http.AzureRequest;
import io.cerulean.server.metrics.Metrics;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A pipeline for the development account at a fixed time, and requests signed for it. */
final class SignedRequests {
    static final String DATE = "Tue, 01 Feb 2022 20:52:39 GMT";
    static final Instant NOW = ZonedDateTime.parse(DATE, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();

    private SignedRequests() {
    }

    static RequestPipeline pipeline(TableService service) {
        Accounts accounts = new Accounts(List.of(Account.development()));
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        RequestAuthenticator authenticator = new RequestAuthenticator(new SharedKeyAuthenticator(accounts, clock),
                new SasAuthenticator(accounts, (account, table) -> Optional.empty(), clock),
                new BearerTokenAuthenticator(accounts, clock));
        return new RequestPipeline(service, authenticator, Metrics.discarded());
    }

    /** A request signed with Shared Key Lite: the date, then the canonicalized resource. */
    static AzureRequest signed(String method, String rawPath, byte[] body) {
        String resource = "/" + Account.DEVELOPMENT_NAME + rawPath;
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("x-ms-date", DATE);
        headers.add("Accept", "application/json;odata=nometadata");
        headers.add("Content-Type", "application/json");
        headers.add("Authorization", "SharedKeyLite " + Account.DEVELOPMENT_NAME + ":"
                + Signatures.sign(Account.DEVELOPMENT_KEY, DATE + "\n" + resource));
        return new AzureRequest(method, rawPath, Map.of(), headers, body, false, "127.0.0.1");
    }
}
