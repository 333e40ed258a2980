/**
 * Transient faults on demand, for testing retry policies: rules ({@link io.cerulean.http.faults.FaultRule})
 * that pick requests by service, account, operation and table, queue or container, and answer them
 * 500 InternalError, 503 ServerBusy or 500 OperationTimedOut, or drop their connection, before or
 * after the operation runs; their JSON form ({@link io.cerulean.http.faults.FaultRulesJson}); and the
 * rules a server runs with, changed at run time ({@link io.cerulean.http.faults.Faults}). Pure: the
 * request pipeline applies what they decide. Off unless rules are given.
 */
package io.cerulean.http.faults;
