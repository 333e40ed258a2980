package io.cerulean.blob.service;

/** Names sharing a prefix up to and including the delimiter, listed once. */
public record ListedPrefix(String name) implements ListedBlob {
}
