/**
 * Who may call: the configured accounts and their keys, and the verification of Shared Key and
 * Shared Key Lite signatures. A request that fails here changes nothing and learns nothing of a key.
 */
package io.cerulean.server.auth;
