/**
 * The Table service's operations (tables, entity reads and writes, queries) with Azure's semantics,
 * over its {@link io.cerulean.table.layout.TableLayout} on a database. The one entry point the HTTP
 * layer uses.
 */
package io.cerulean.table.service;
