/**
 * HTTPS on the plain HTTP port: where the server's certificate and key come from (PEM files the
 * operator gives, or a self-signed certificate generated once and kept), how they are read and
 * checked, and the first-bytes test that gives a connection TLS or leaves it plain.
 *
 * <p>Invariants: a configuration that names unreadable, malformed or mismatched files fails at
 * start with {@link io.cerulean.http.tls.InvalidTlsConfigException}, never at the first
 * handshake; a private key is written only with owner-only permissions where the file system has
 * them; a key pair is generated only when no usable certificate is kept yet.
 */
package io.cerulean.http.tls;
