package io.cerulean.table.rest;

import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.storage.database.Database;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.rest.auth.Signatures;
import io.cerulean.table.service.TableService;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/** A pipeline for the development account at a fixed time, and requests signed for it. */
final class SignedRequests {
    static final String DATE = "Tue, 01 Feb 2022 20:52:39 GMT";
    static final Instant NOW = ZonedDateTime.parse(DATE, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();

    private SignedRequests() {
    }

    /** Its service properties kept in a store of their own: these pipelines' tests are of other things. */
    static RequestPipeline<?, ?, ?> pipeline(TableService service) {
        Accounts accounts = new Accounts(List.of(Account.development()));
        return TableRest.pipeline(service, Database.open(new MemoryKeyValueStore(), true), accounts, OAuthTrust.NONE,
                Metrics.discarded(), Clock.fixed(NOW, ZoneOffset.UTC));
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
