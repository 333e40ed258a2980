/**
 * The server's own state, kept in the store beside the services' data and shared by every server
 * on it: named leases, named id counters, and the format version of each key space.
 */
package io.cerulean.storage.state;
