/**
 * The Table service's operations (tables, entity reads and writes, queries) with Azure's semantics,
 * over any {@link io.cerulean.table.store.TableLayout}. The one entry point the HTTP layer uses.
 */
package io.cerulean.table.service;
