/**
 * From URL and method to operation: path-style resource paths (account, table, entity keys,
 * percent-decoded once) and the choice of {@link io.cerulean.server.operations.TableOperation}.
 */
package io.cerulean.server.routing;
