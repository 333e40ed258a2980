/**
 * The error contract every Azure storage service shares: {@link io.cerulean.common.error.ErrorCode}
 * is what a code is (Azure code, HTTP status, default message), {@link io.cerulean.common.error.CommonError}
 * lists the codes common to the Table, Queue and Blob services, and
 * {@link io.cerulean.common.error.ServiceException} carries any code through the layers. A service
 * adds its own codes in an enum of its own. No response body is ever built here: only the HTTP
 * layer renders an error.
 */
package io.cerulean.common.error;
