/**
 * Get and Set Table ACL (contract 3.5, 3.6): a table's stored access policies over XML. Only the
 * account key reaches these operations (the router's actions say so and the grant enforces it).
 * The XML codec refuses DTDs and never resolves entities, since the body is untrusted.
 */
package io.cerulean.table.rest.acl;
