package io.cerulean.bench.client;

import io.netty.handler.codec.http.FullHttpResponse;

/** Receives the outcome of one request, on the connection's event loop, exactly once. */
public interface ResponseListener {
    /** The response is released when this returns: copy what must outlive the call. */
    void onResponse(FullHttpResponse response);

    /** The request could not be sent or its connection closed before the response came. */
    void onFailure(Throwable cause);
}
