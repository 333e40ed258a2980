package io.cerulean.blob.service;

import io.cerulean.blob.model.BlockId;

/** A block as Get Block List shows it. */
public record Block(BlockId id, long size) {
}
