/**
 * The Table service's operations (tables, entity reads and writes, queries) with Azure's semantics,
 * over any {@link io.cerulean.core.spi.TableStore}. The one entry point the HTTP layer uses.
 */
package io.cerulean.core.service;
