/**
 * What the services' REST layers share on the kernel, knowing none of them: one way to build a service
 * ({@link io.cerulean.rest.RestServiceBase}: an operation enum, one class to run each operation, the
 * store's failures explained) and to wire it into a pipeline ({@link io.cerulean.rest.ServicePipelines}),
 * with its accounts' service properties kept on the storage seam
 * ({@link io.cerulean.rest.StoredServiceProperties}). It sees the kernel and the seam, never a service
 * nor a store.
 */
package io.cerulean.rest;
