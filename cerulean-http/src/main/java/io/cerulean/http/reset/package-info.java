/**
 * Wiping a server's data between test runs, as {@code POST /{account}/$reset} asks
 * (docs/operations.md, "Reset"): who may ({@link io.cerulean.http.reset.ResetGrant}), what does it
 * ({@link io.cerulean.http.reset.Resetter}, given by the application, which knows the services) and
 * what it answers ({@link io.cerulean.http.reset.ResetSummary}). The request pipeline's
 * {@code ResetEndpoint} authenticates and refuses; nothing here knows a service.
 */
package io.cerulean.http.reset;
