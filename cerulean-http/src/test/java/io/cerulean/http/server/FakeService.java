package io.cerulean.http.server;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * A service for the kernel's tests: {@code /echo?v=...} puts {@code v} in a response header,
 * {@code /bad-header} answers with a header Netty refuses, {@code /no-answer} answers none (the
 * connection is closed in its place), {@code /slow} takes 300 ms, anything else
 * answers 200 with the body's length. An early error names its code and, if its head was read, its path.
 */
final class FakeService implements RequestHandler {
    private final int maxBodyBytes;

    FakeService(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void handle(AzureRequest request, Consumer<AzureResponse> reply) {
        switch (request.rawPath()) {
            case "/echo" -> reply.accept(text(200, "echo").header("x-echo", request.queryParameter("v")));
            case "/bad-header" -> reply.accept(text(200, "never sent").header("bad name", "x"));
            case "/no-answer" -> reply.accept(AzureResponse.noAnswer());
            case "/slow" -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                reply.accept(text(200, "slow " + request.body().length));
            }
            default -> reply.accept(text(200, "ok " + request.body().length));
        }
    }

    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        return false;
    }

    @Override
    public AzureResponse earlyError(ServiceException error) {
        return text(error.errorCode().status(), error.errorCode().code()).header("x-ms-error-code",
                error.errorCode().code());
    }

    @Override
    public AzureResponse earlyError(ServiceException error, AzureRequest head) {
        AzureResponse response = earlyError(error);
        return head == null ? response : response.header("x-head-path", head.rawPath());
    }

    @Override
    public int maxRequestBodyBytes() {
        return maxBodyBytes;
    }

    static AzureResponse text(int status, String text) {
        return AzureResponse.status(status).body("text/plain", text.getBytes(StandardCharsets.UTF_8));
    }
}
