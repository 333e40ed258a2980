/**
 * What a Table service URL addresses: path-style resource paths parsed into a
 * {@link io.cerulean.table.rest.resource.Resource} (account, table, entity keys, percent-decoded
 * once), or 400 InvalidUri.
 */
package io.cerulean.table.rest.resource;
