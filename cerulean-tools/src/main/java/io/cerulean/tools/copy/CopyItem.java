package io.cerulean.tools.copy;

/** One table, queue or container to copy, by its name at the source and at the destination. */
public record CopyItem(Kind kind, String source, String destination) {
    /** How reports name it: {@code container photos}, or {@code table a -> b} when renamed. */
    @Override
    public String toString() {
        return kind.word() + " " + source + (source.equals(destination) ? "" : " -> " + destination);
    }
}
