/** The Blob service's operations and the one place a request is mapped to one. */
package io.cerulean.blob.rest.routing;
