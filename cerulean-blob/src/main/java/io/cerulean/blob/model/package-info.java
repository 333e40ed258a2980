/**
 * The Blob service's values: names and their rules, block ids, blob and container properties, the
 * segments a blob's bytes are in, ETags and the HTTP conditions on them.
 */
package io.cerulean.blob.model;
