/**
 * One class per REST operation of the Table service. Each reads what it needs from the request,
 * calls {@link io.cerulean.core.service.TableService} once, and builds the response the service
 * would send. None of them knows which store runs underneath.
 */
package io.cerulean.server.operations;
