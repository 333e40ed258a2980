/**
 * {@code cerulean copy}: tables, queues and containers, or whole accounts, from one endpoint to
 * another through the official SDKs, streamed and in parallel.
 */
package io.cerulean.tools.copy;
