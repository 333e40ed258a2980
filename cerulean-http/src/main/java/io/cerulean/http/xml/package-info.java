/**
 * The one XML kit of the server: a hardened reader of the small documents clients send (the JDK's
 * StAX parser; no DTD, no entity is ever expanded or fetched, nesting bounded) into a tree of
 * elements looked up by name, and a writer of documents in the services' own form. Both hold to
 * XML 1.0's characters ({@link io.cerulean.http.xml.XmlChars}): the reader reads no other version,
 * and the writer never writes a character XML 1.0 cannot carry, encoding names as the Blob service
 * does where asked to. Every refusal is 400 InvalidXmlDocument or InvalidXmlNodeValue.
 */
package io.cerulean.http.xml;
