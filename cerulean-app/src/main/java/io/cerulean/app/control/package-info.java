/**
 * The control socket: how the {@code cerulean} command reaches a server running on a data
 * directory, for work that is the whole server's rather than an account's (a backup).
 *
 * <p>A server on RocksDB listens on the Unix domain socket {@code <data-dir>/control.sock}, mode
 * 0600, removed when it stops and replaced at the next start if a killed server left it. Whoever
 * can reach the socket can already read every file of the data directory, so reaching it is the
 * credential: no account key grants a whole-server operation. The protocol is in
 * {@link io.cerulean.app.control.ControlMessage}; one admin thread answers one connection at a
 * time, since such work is local and rare.
 */
package io.cerulean.app.control;
