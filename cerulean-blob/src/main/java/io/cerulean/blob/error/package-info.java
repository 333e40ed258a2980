/** The Blob service's error catalogue: every code it answers beyond the ones all services share. */
package io.cerulean.blob.error;
