package io.cerulean.blob.service;

/** Append Block's own conditions, null when not sent. */
public record AppendConditions(Long appendPosition, Long maxSize) {
    public static final AppendConditions NONE = new AppendConditions(null, null);
}
