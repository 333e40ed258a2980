/**
 * The {@code <SignedIdentifiers>} document of Get and Set Table (and Queue) ACL: stored access
 * policies over XML, read as strictly as the services read them. The body is untrusted, so the XML
 * kit underneath refuses DTDs and never resolves entities.
 */
package io.cerulean.http.acl;
