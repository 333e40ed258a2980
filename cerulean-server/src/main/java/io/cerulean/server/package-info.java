/**
 * The HTTP face of Cerulean: {@link io.cerulean.server.CeruleanServer} (Netty, worker threads)
 * and {@link io.cerulean.server.RequestPipeline}, the stages every request passes through. Knows
 * the Azure wire format; knows nothing of which store runs underneath.
 */
package io.cerulean.server;
