package io.cerulean.http.server;

import io.cerulean.common.error.ServiceException;
import io.netty.handler.codec.http.HttpRequest;

/**
 * A request the connection's handlers refused before it reached the service (its body too large,
 * its framing unsafe, the server out of room for it), passed down the channel to the
 * {@link HttpHandler} so that its answer takes its place among the connection's answers, in
 * request order, with the CORS headers its head calls for.
 *
 * @param head      the request's head as read, for the answer's CORS headers; null if unknown
 * @param keepAlive whether the connection goes on after the answer; if not, it is closed once the
 *                  answer is written unless {@code written} is given, which then decides
 * @param written   run on the event loop once the answer is written, or null
 */
record EarlyAnswer(ServiceException error, HttpRequest head, boolean keepAlive, Runnable written) {
}
