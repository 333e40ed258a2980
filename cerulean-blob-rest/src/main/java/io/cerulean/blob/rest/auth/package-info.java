/** Who may call the Blob service and what each credential is granted: the account key, SAS, bearer tokens. */
package io.cerulean.blob.rest.auth;
