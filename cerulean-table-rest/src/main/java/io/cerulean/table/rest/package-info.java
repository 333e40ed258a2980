/**
 * The Table service's REST layer on the HTTP kernel: {@link io.cerulean.table.rest.TableRestService}
 * is what it plugs into the kernel's pipeline, {@link io.cerulean.table.rest.TableRest} wires it.
 * Knows the Table wire format; knows nothing of which store runs underneath.
 */
package io.cerulean.table.rest;
