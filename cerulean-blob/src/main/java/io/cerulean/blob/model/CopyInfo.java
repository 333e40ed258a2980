package io.cerulean.blob.model;

import java.time.Instant;
import java.util.Objects;

/**
 * What a blob that was the destination of a copy remembers of it ({@code x-ms-copy-*}). Cerulean
 * copies within a server at once, so a copy it records has always succeeded.
 *
 * @param source the source's URL as the request named it
 * @param length the bytes copied: the progress is {@code length/length}
 */
public record CopyInfo(String id, String source, Instant completed, long length) {
    public CopyInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(completed, "completed");
    }

    public String status() {
        return "success";
    }

    public String progress() {
        return length + "/" + length;
    }
}
