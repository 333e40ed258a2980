/**
 * The web console: a single-page app served at {@code /$console} on every service's port, and the
 * same-origin relay ({@code /$console/api/{table|queue|blob}/...}) through which the page's signed
 * requests reach each service's own pipeline. It knows the kernel only, no service and no store.
 */
package io.cerulean.console;
