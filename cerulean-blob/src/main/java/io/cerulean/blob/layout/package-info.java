/**
 * How the Blob service lays containers, blobs and staged blocks out on the storage seam: the rows
 * of each key space and the bytes of each value, documented where they are encoded.
 */
package io.cerulean.blob.layout;
