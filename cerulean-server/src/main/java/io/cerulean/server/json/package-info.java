/**
 * The JSON payload format (and the XML error form): reading entity and table bodies with the
 * service's typing rules, writing entities, tables and errors in the service's order at each
 * metadata level. Streaming Jackson only; no tree model.
 */
package io.cerulean.server.json;
