/**
 * Tables as the data tools move them: {@link io.cerulean.tools.table.TableWriter} writes entities
 * in entity group transactions by partition, with bounded parallelism, reporting each settled batch
 * and each rejected row; the export and import formats and commands live beside it.
 */
package io.cerulean.tools.table;
