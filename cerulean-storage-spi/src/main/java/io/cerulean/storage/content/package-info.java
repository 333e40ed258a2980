/**
 * The second, narrow seam: large immutable byte content (a blob's blocks), streamed in and read
 * back by range, apart from the ordered records of {@link io.cerulean.storage.KeyValueStore}. A
 * service writes content first and then commits a record that names it (Put Block List names the
 * blocks Put Block wrote), so content never referenced is garbage a service may delete, never a
 * half-written value someone reads.
 */
package io.cerulean.storage.content;
