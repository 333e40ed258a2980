/**
 * The OData JSON payload format: reading entity and table bodies with the service's typing rules,
 * writing entities, tables and errors in the service's order at each metadata level, and the
 * metadata level a request negotiates. Streaming Jackson only; no tree model.
 */
package io.cerulean.table.rest.json;
