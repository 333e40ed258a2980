/**
 * The error contract: {@link io.cerulean.core.error.ErrorCode} is the one list of Azure error codes,
 * statuses and messages; {@link io.cerulean.core.error.TableServiceException} carries one through the
 * layers. No response body is ever built here.
 */
package io.cerulean.core.error;
