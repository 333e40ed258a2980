/** The Blob REST API's operations, one class each, and the request and response headers they share. */
package io.cerulean.blob.rest.operations;
