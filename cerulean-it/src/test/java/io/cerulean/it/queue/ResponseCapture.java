package io.cerulean.it.queue;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Mono;

/**
 * A policy for an SDK client's pipeline that keeps the last response as it came over the wire, for
 * what the SDK's models do not show (elements a response must not carry) or cannot read.
 */
final class ResponseCapture implements HttpPipelinePolicy {
    private final AtomicReference<HttpResponse> last = new AtomicReference<>();

    @Override
    public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
        return next.process().map(response -> {
            HttpResponse buffered = response.buffer();
            last.set(buffered);
            return buffered;
        });
    }

    HttpResponse last() {
        HttpResponse response = last.get();
        if (response == null) {
            throw new IllegalStateException("no response yet");
        }
        return response;
    }

    String lastBody() {
        return last().getBodyAsBinaryData().toString();
    }
}
