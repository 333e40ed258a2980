/**
 * Who may call the Blob service and what each credential is granted: the account key, SAS (signed with
 * the account key, or with a user delegation key this service derives and issues to bearer tokens),
 * bearer tokens.
 */
package io.cerulean.blob.rest.auth;
