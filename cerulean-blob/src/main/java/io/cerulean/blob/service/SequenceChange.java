package io.cerulean.blob.service;

/** A sequence number change: the action and the value it takes (none for increment). */
public record SequenceChange(SequenceAction action, long value) {
}
