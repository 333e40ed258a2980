/**
 * The storage SPI: the narrow seam every backend implements ({@link io.cerulean.core.spi.TableStore})
 * and the plain values that cross it. Nothing here knows HTTP, JSON or filters; a backend knows
 * ordered keys, snapshots and atomic conditional commits within one partition.
 */
package io.cerulean.core.spi;
