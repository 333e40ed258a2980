/**
 * The design advisor: watches a table's traffic and says where its design will not hold on Azure,
 * and which of the design guide's patterns fixes it. Pure counting and judging, JDK only: the REST
 * layer reports what it served ({@link io.cerulean.table.advisor.Advisor}), and asks for
 * {@link io.cerulean.table.advisor.Finding}s.
 *
 * <p>Invariants: memory is bounded whatever the traffic (a fixed number of tables, of partitions and
 * of filter texts per table, each key kept as a bounded prefix); an observation takes one
 * uncontended stripe lock of its table and allocates nothing per entity; rates are exponentially
 * decayed over the configured window, sizes are counted since the server started.
 */
package io.cerulean.table.advisor;
