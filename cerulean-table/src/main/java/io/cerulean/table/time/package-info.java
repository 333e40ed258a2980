/** Time as the service assigns it: unique, monotonic entity Timestamps from which ETags derive. */
package io.cerulean.table.time;
