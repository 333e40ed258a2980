package io.cerulean.blob.service;

/** One entry of List Blobs: a blob, or the common prefix of several under a delimiter. */
public sealed interface ListedBlob permits ListedItem, ListedPrefix {
    String name();
}
