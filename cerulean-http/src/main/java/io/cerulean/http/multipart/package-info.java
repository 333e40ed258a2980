/**
 * Multipart bodies as the services' batches send them ({@code multipart/mixed}, RFC 2046): the
 * parts, their MIME headers and the lines within, read where they lie in the buffered body.
 *
 * <p>Invariants: reading is linear in the body size whatever it holds; a body that cannot be read
 * is a 400 InvalidInput ({@link io.cerulean.http.multipart.MultipartReader#malformed}), thrown
 * before anything runs; the number of parts read is bounded by the caller.
 */
package io.cerulean.http.multipart;
