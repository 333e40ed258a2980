/**
 * The design advisor on the Table service's traffic: its findings served at {@code GET /$advisor},
 * counted as metrics by kind, and logged at most once a minute per table. The watching and judging
 * is {@link io.cerulean.table.advisor}'s; the operations report to it through the request context.
 */
package io.cerulean.table.rest.advisor;
