/**
 * One class per REST operation of the Table service on tables and entities, and the context each
 * gets. Each reads what it needs from the request, calls {@link io.cerulean.table.service.TableService}
 * once (entity reads and writes through {@link io.cerulean.table.rest.operations.RequestContext},
 * which holds them to the caller's grant), and builds the response the service would send.
 */
package io.cerulean.table.rest.operations;
