/**
 * The {@code cerulean} command and the in-process API ({@link io.cerulean.app.Cerulean}):
 * configuration and the plain-constructor wiring of store, service and server.
 */
package io.cerulean.app;
