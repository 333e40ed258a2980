/**
 * The stores as metrics: what a database's records and content do (commit time, durability waits,
 * group commits, bytes streamed) and what RocksDB reports of itself, bound to the server's registry
 * where the database is opened. The stores know no Micrometer; everything here is registered once per
 * server and removed when its database closes, so servers in one JVM never share a meter.
 */
package io.cerulean.app.metrics;
