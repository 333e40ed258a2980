/**
 * The path of every request as a visible list of stages ({@link io.cerulean.http.pipeline.RequestPipeline}),
 * the narrow interface through which a service plugs in its parsing, routing, authorization and
 * operations ({@link io.cerulean.http.pipeline.RestService}), and the rendering of responses and
 * errors. Invariant: a client's failure is never a 500, and a write is answered only once durable.
 */
package io.cerulean.http.pipeline;
