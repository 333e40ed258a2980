/**
 * The database every service opens on, and none owns: the record store, the content store beside
 * it, whether this process is their only user, and the server's own state. A service, a tool or
 * the console is one more user of a {@link io.cerulean.storage.database.Database}.
 */
package io.cerulean.storage.database;
