package io.cerulean.blob.model;

import java.util.Locale;

/** How soon an archived blob is to be rehydrated ({@code x-ms-rehydrate-priority}). */
public enum RehydratePriority {
    STANDARD("Standard"), HIGH("High");

    private final String wireName;

    RehydratePriority(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The priority {@code name} names, compared without regard to case; null when it names none. */
    public static RehydratePriority parse(String name) {
        if (name == null) {
            return null;
        }
        for (RehydratePriority priority : values()) {
            if (priority.wireName.toLowerCase(Locale.ROOT).equals(name.trim().toLowerCase(Locale.ROOT))) {
                return priority;
            }
        }
        return null;
    }
}
