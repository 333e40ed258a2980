/**
 * {@code cerulean reset}: asks a Cerulean started with {@code --allow-reset} to wipe an account's data,
 * or every account's, through its {@code POST /{account}/$reset} endpoint, signed by the SDK's own
 * Shared Key policy.
 */
package io.cerulean.tools.reset;
