/** What a Blob service URL addresses: the service, a container or a blob. */
package io.cerulean.blob.rest.resource;
