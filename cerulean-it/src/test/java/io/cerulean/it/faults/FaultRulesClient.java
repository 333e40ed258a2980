package io.cerulean.it.faults;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.Context;
import com.azure.data.tables.TableAzureNamedKeyCredentialPolicy;
import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.policy.StorageSharedKeyCredentialPolicy;
import io.cerulean.app.Cerulean;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and sets an account's fault rules through {@code /{account}/$faults} on one service's port,
 * signed with an account key as that service's SDK signs (or not signed at all).
 */
final class FaultRulesClient {
    static final String ACCOUNT = "devstoreaccount1";
    static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    /** What the endpoint answered. */
    record Answer(int status, String errorCode, String body) {
    }

    private final String url;
    private final HttpPipeline pipeline;

    private FaultRulesClient(String url, HttpPipeline pipeline) {
        this.url = url;
        this.pipeline = pipeline;
    }

    /** Signed with {@code key} of {@code signer}, sent to {@code account}'s rules on {@code service}'s port. */
    static FaultRulesClient signed(Cerulean cerulean, Cerulean.Service service, String account, String signer,
                                   String key) {
        HttpPipelinePolicy signing = service == Cerulean.Service.TABLE
                ? new TableAzureNamedKeyCredentialPolicy(new AzureNamedKeyCredential(signer, key))
                : new StorageSharedKeyCredentialPolicy(new StorageSharedKeyCredential(signer, key));
        return new FaultRulesClient(url(cerulean, service, account), pipeline(signing));
    }

    /** The development account's key, on its own rules. */
    static FaultRulesClient of(Cerulean cerulean, Cerulean.Service service) {
        return signed(cerulean, service, ACCOUNT, ACCOUNT, DEV_KEY);
    }

    /** No credential at all, or what {@code query} brings (a SAS). */
    static FaultRulesClient unsigned(Cerulean cerulean, Cerulean.Service service, String query) {
        return new FaultRulesClient(url(cerulean, service, ACCOUNT) + query, pipeline(null));
    }

    private static String url(Cerulean cerulean, Cerulean.Service service, String account) {
        return "http://127.0.0.1:" + cerulean.port(service) + "/" + account + "/$faults";
    }

    private static HttpPipeline pipeline(HttpPipelinePolicy signing) {
        List<HttpPipelinePolicy> policies = new ArrayList<>();
        policies.add((context, next) -> {
            context.getHttpRequest().setHeader(HttpHeaderName.fromString("x-ms-date"),
                    DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
            context.getHttpRequest().setHeader(HttpHeaderName.fromString("x-ms-version"), "2025-01-05");
            return next.process();
        });
        if (signing != null) {
            policies.add(signing);
        }
        return new HttpPipelineBuilder().policies(policies.toArray(HttpPipelinePolicy[]::new)).build();
    }

    Answer get() {
        return send(HttpMethod.GET, null);
    }

    Answer put(String rules) {
        return send(HttpMethod.PUT, rules);
    }

    Answer delete() {
        return send(HttpMethod.DELETE, null);
    }

    Answer send(HttpMethod method, String body) {
        HttpRequest request = new HttpRequest(method, url);
        if (body != null) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            request.setHeader(HttpHeaderName.CONTENT_TYPE, "application/json");
            request.setHeader(HttpHeaderName.CONTENT_LENGTH, Integer.toString(bytes.length));
            request.setBody(bytes);
        } else {
            request.setHeader(HttpHeaderName.CONTENT_LENGTH, "0"); // as the SDKs send it, and sign it
        }
        try (HttpResponse response = pipeline.sendSync(request, Context.NONE)) {
            return new Answer(response.getStatusCode(), response.getHeaderValue(HttpHeaderName.fromString(
                    "x-ms-error-code")), response.getBodyAsBinaryData().toString());
        }
    }
}
