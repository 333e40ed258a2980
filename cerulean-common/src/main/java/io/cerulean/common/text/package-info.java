/** Scans over encoded text (request bodies, stored strings) that the services, the kernel and the stores share. */
package io.cerulean.common.text;
