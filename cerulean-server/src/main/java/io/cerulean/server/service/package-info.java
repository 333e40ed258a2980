/**
 * The operations on the account: Get / Set Table Service Properties and Get Table Service Stats.
 * Holds the properties as values (logging, hour and minute metrics, CORS rules), their
 * {@code StorageServiceProperties} XML (read with the JDK's StAX parser, DTDs refused), and the
 * per-account store that keeps them durably as an account setting and serves them from memory.
 * A refused Set changes nothing; a successful one is durable before it is answered and applies to
 * the next request.
 */
package io.cerulean.server.service;
