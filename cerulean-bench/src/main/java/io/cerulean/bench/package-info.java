/**
 * {@code cerulean bench}: the command, its settings and the run that ties the workloads, the client
 * and the report together. A client of the Table REST API only: it depends on no Cerulean server,
 * service or store class, so it measures Azurite or the real service the same way as Cerulean.
 */
package io.cerulean.bench;
