/**
 * HTTP on Netty: the server and its configuration, bounded body buffering before anything is read
 * into a request (or, for the requests a service says so, bodies streamed with backpressure), and
 * the hand-off from event loop to worker threads with answers written back in
 * request order (HTTP/1.1 pipelining). Knows no service: it hands requests to a
 * {@link io.cerulean.http.server.RequestHandler}.
 */
package io.cerulean.http.server;
