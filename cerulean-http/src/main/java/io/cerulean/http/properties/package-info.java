/**
 * Service properties, the same document for Table, Queue and Blob: Storage Analytics logging, hour
 * and minute metrics and CORS rules as values, their {@code StorageServiceProperties} XML, the
 * {@code StorageServiceStats} document, and the per-account store that serves them from memory and
 * keeps them durably where the service says ({@link io.cerulean.http.properties.ServicePropertiesStorage}).
 * A refused Set changes nothing; a successful one is durable before it returns.
 */
package io.cerulean.http.properties;
