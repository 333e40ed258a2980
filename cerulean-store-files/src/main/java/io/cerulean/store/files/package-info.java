/**
 * The embedded {@link io.cerulean.storage.content.ContentStore}: each piece of content one file
 * under the data directory, written beside its final name, synced, then renamed into place, so
 * that a crash leaves either the whole content or nothing under its name.
 */
package io.cerulean.store.files;
