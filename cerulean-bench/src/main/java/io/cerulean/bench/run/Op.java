package io.cerulean.bench.run;

import io.cerulean.bench.client.Request;
import io.netty.handler.codec.http.FullHttpResponse;

/**
 * One operation a worker times: usually one request, several when a query follows continuations.
 * Called on one event loop only, in the order request, response, request, response...
 */
public interface Op {
    /** The next request to send. */
    Request request();

    /**
     * Reads a response. Returns true when the operation is complete, false to send
     * {@link #request()} again (the next page).
     *
     * @throws OpFailure when the answer is wrong; the operation counts as an error
     */
    boolean onResponse(FullHttpResponse response) throws OpFailure;

    /** What the completed operation accounted for in the workload's unit (entities, rows, 1 for a call). */
    default long items() {
        return 1;
    }
}
