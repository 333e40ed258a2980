package io.cerulean.blob.service;

import io.cerulean.blob.model.BlockId;

/** One entry of Put Block List. */
public record BlockReference(BlockSource source, BlockId id) {
}
