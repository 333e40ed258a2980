/**
 * The Blob service through the official Java SDK ({@code azure-storage-blob}): one class per feature,
 * each test in a container of its own so that tests can share a server. The assertions are Azure's
 * answers as the Blob wire contract gives them; where Azurite answers otherwise, the test says so.
 *
 * <p>{@link io.cerulean.it.blob.BlobServers} runs them on Cerulean, or, with
 * {@code -Dcerulean.it.blob.connectionString=...}, on another Blob endpoint (Azurite, an Azure account)
 * for comparison.
 */
package io.cerulean.it.blob;
