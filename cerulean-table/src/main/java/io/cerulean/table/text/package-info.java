/** Scans over encoded text (request bodies, stored strings) that the server and the stores share. */
package io.cerulean.table.text;
