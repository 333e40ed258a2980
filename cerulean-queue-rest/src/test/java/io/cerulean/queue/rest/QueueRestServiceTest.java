package io.cerulean.queue.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.queue.service.QueueService;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which answers wait until what the request changed is durable: every write, and Get Messages, a GET that writes. */
class QueueRestServiceTest {
    @ParameterizedTest
    @CsvSource({
            "GET,    /a/q/messages,   ,              true",
            "GET,    /a/q/messages/,  ,              true",
            "GET,    /a/q/messages,   peekonly=true, false",
            "GET,    /a/q,            comp=metadata, false",
            "HEAD,   /a/q,            comp=metadata, false",
            "GET,    /a,              comp=list,     false",
            "POST,   /a/q/messages,   ,              true",
            "DELETE, /a/q/messages/m, popreceipt=r,  true",
            "PUT,    /a/q,            ,              true"})
    void waitsForDurabilityWhenItMayHaveWritten(String method, String path, String query, boolean mayWrite) {
        Map<String, List<String>> parameters = query == null ? Map.of()
                : Map.of(query.substring(0, query.indexOf('=')), List.of(query.substring(query.indexOf('=') + 1)));
        AzureRequest request = new AzureRequest(method, path, parameters, new DefaultHttpHeaders(), new byte[0], false,
                "127.0.0.1");
        QueueRestService service = new QueueRestService(new QueueService(new MemoryKeyValueStore(), Clock.systemUTC()),
                null, Clock.systemUTC());
        // What the pipeline asks of a successful request's route before it answers.
        assertThat(!service.route(service.parse(request), request).isRead()).isEqualTo(mayWrite);
    }
}
