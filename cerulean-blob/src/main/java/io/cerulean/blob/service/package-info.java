/** The Blob service's operations over the storage seam and the content seam. */
package io.cerulean.blob.service;
