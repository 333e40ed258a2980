/**
 * Who may call: the configured accounts and their keys, the verification of Shared Key and
 * Shared Key Lite signatures and of shared access signatures, and bearer tokens judged by their
 * claims (over HTTPS only). A request that fails here changes nothing and learns nothing of a key.
 */
package io.cerulean.server.auth;
