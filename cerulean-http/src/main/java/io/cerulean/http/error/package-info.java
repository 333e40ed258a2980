/**
 * Error bodies: the {@code <Error>} XML every storage service writes, and the seam for a service's
 * own format. The codes themselves are in {@link io.cerulean.common.error}; only the request
 * pipeline turns a {@link io.cerulean.common.error.ServiceException} into a response.
 */
package io.cerulean.http.error;
