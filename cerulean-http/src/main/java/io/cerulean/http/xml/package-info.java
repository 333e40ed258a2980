/**
 * The one XML kit of the server: a hardened reader of the small documents clients send (the JDK's
 * StAX parser; no DTD, no entity is ever expanded or fetched, nesting bounded) into a tree of
 * elements looked up by name, and a writer of documents in the services' own form. Every refusal
 * is 400 InvalidXmlDocument or InvalidXmlNodeValue.
 */
package io.cerulean.http.xml;
