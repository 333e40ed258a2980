/**
 * From resource and method to operation: the {@link io.cerulean.table.rest.routing.Router} picks
 * the {@link io.cerulean.table.rest.operations.TableOperation} and the action it is authorized as.
 */
package io.cerulean.table.rest.routing;
