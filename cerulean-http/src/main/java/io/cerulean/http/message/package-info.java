/**
 * The request and response values every stage and service works with, independent of Netty's
 * objects' lifetimes, and the wire forms they share: HTTP dates, percent-decoding, content types.
 */
package io.cerulean.http.message;
