/**
 * The Table service's part of the error contract: {@link io.cerulean.table.error.TableError} lists
 * the codes only the Table service has (the shared ones are
 * {@link io.cerulean.common.error.CommonError}), and {@link io.cerulean.table.error.TableServiceException}
 * carries either kind through the layers, with the failing operation's index inside a transaction.
 * No response body is ever built here.
 */
package io.cerulean.table.error;
