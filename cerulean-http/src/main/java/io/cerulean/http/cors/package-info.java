/**
 * Cross-Origin Resource Sharing as the storage services apply it: an account's CORS rules (set
 * with Set Service Properties), preflight {@code OPTIONS} requests answered from them without
 * authentication, and the {@code Access-Control-*} and {@code Vary} headers added to every other
 * response. Rules are values, validated with the service's limits when built; this package reads
 * no storage: the caller supplies an account's current rules.
 */
package io.cerulean.http.cors;
