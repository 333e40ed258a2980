/** What the Queue service's operations take and answer: names, messages, metadata, expiry. */
package io.cerulean.queue.model;
