/**
 * What a Table service URL addresses: path-style resource paths parsed into a
 * {@link io.cerulean.table.rest.resource.Resource} (account, table, entity keys, percent-decoded
 * once), or 400 InvalidUri; and which operation a request names on it
 * ({@link io.cerulean.table.rest.resource.TableRestOperation}), or 405.
 */
package io.cerulean.table.rest.resource;
