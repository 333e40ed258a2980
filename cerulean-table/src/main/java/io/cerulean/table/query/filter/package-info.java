/**
 * The {@code $filter} language of Query Entities and Query Tables: {@link io.cerulean.table.query.filter.FilterParser}
 * turns the text into a {@link io.cerulean.table.query.filter.Filter} tree, and the tree decides per entity
 * (or per table, through a source that only answers {@code TableName}) whether it is returned.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Every comparison has exactly one property and one literal, property first: the parser normalises
 *       {@code 30 lt Age} to {@code Age gt 30}, and rejects property-vs-property and literal-vs-literal.</li>
 *   <li>{@code Filter.toString()} is canonical and parses back to an equal filter.</li>
 *   <li>Evaluation is three-valued (see {@link io.cerulean.table.query.filter.ComparisonEvaluator}): a comparison
 *       on a missing property or an incompatible type is unknown, and only a filter that is
 *       {@link io.cerulean.table.query.filter.Truth#TRUE TRUE} matches.</li>
 *   <li>Every syntax error is a {@link io.cerulean.table.error.TableServiceException} with
 *       {@code InvalidInput} whose message names the 0-based character position; nothing else escapes the
 *       parser, however hostile the text (nesting is capped at {@link io.cerulean.table.query.filter.FilterParser#MAX_NESTING}).</li>
 *   <li>Nothing here knows entities: names are looked up through {@link io.cerulean.table.model.PropertySource}.</li>
 * </ul>
 */
package io.cerulean.table.query.filter;
