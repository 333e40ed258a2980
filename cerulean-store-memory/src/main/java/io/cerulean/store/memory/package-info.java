/**
 * The in-memory {@link io.cerulean.storage.KeyValueStore}: the reference store for conformance
 * tests and the {@code --in-memory} mode. Same semantics as every store, nothing durable.
 */
package io.cerulean.store.memory;
