package io.cerulean.blob.service;

/** How Set Blob Properties changes a page blob's sequence number ({@code x-ms-sequence-number-action}). */
public enum SequenceAction { MAX, UPDATE, INCREMENT }
