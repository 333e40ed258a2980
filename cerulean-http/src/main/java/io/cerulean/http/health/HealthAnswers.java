package io.cerulean.http.health;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.cerulean.http.message.AzureResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The health endpoints' answers: small JSON objects, never cached by anyone between the server and
 * the poller ({@code Cache-Control: no-store}).
 *
 * <pre>
 * {"status":"live"}
 * {"status":"ready","store":"RocksDB","checked":"2026-11-29T18:40:00.123Z"}
 * {"status":"not ready","store":"RocksDB","reason":"RocksDB cannot write: ...","checked":"..."}
 * </pre>
 */
final class HealthAnswers {
    /** Seconds a balancer waits before asking again: about as long as a report is reused. */
    static final String RETRY_AFTER = "1";

    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final byte[] LIVE = json(json -> json.writeStringField("status", "live"));

    private HealthAnswers() {
    }

    static AzureResponse live() {
        return answer(200, LIVE);
    }

    static AzureResponse ready(ReadinessReport report) {
        byte[] body = json(json -> {
            json.writeStringField("status", report.ready() ? "ready" : "not ready");
            json.writeStringField("store", report.store());
            if (report.reason() != null) {
                json.writeStringField("reason", report.reason());
            }
            json.writeStringField("checked", report.checked().toString());
        });
        AzureResponse response = answer(report.ready() ? 200 : 503, body);
        return report.ready() ? response : response.header("Retry-After", RETRY_AFTER);
    }

    /** A check that failed in a way the probe did not report: not ready, saying so. */
    static AzureResponse failed(Throwable failure) {
        return answer(503, json(json -> {
            json.writeStringField("status", "not ready");
            json.writeStringField("reason", "the readiness check failed: " + failure);
        })).header("Retry-After", RETRY_AFTER);
    }

    static AzureResponse unknown(String path) {
        return answer(404, json(json -> {
            json.writeStringField("status", "unknown");
            json.writeStringField("reason", "there is no health check at " + path + "; there are "
                    + HealthHandler.LIVE + " and " + HealthHandler.READY);
        }));
    }

    static AzureResponse methodNotAllowed(String method) {
        return answer(405, json(json -> {
            json.writeStringField("status", "unknown");
            json.writeStringField("reason", "the health checks answer GET and HEAD, not " + method);
        })).header("Allow", "GET, HEAD");
    }

    private static AzureResponse answer(int status, byte[] body) {
        return AzureResponse.status(status).header("Cache-Control", "no-store").body("application/json", body);
    }

    private interface Fields {
        void write(JsonGenerator json) throws IOException;
    }

    private static byte[] json(Fields fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            fields.write(json);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return out.toByteArray();
    }
}
