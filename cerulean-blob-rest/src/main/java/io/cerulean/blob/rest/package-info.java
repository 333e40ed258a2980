/** The Blob service's REST layer: wiring, the service the kernel's pipeline runs, its properties' storage. */
package io.cerulean.blob.rest;
