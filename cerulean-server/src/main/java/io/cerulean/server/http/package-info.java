/**
 * HTTP on Netty: the request and response values the rest of the server works with, bounded
 * body buffering, content negotiation, and the hand-off from event loop to worker threads.
 */
package io.cerulean.server.http;
