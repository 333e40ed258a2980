/** Where a data tool reads or writes: connection strings and SAS URLs, turned into the SDKs' clients. */
package io.cerulean.tools.endpoint;
