/** Progress of a long command (items, bytes, rates, ETA), on a terminal or as plain lines. */
package io.cerulean.tools.progress;
