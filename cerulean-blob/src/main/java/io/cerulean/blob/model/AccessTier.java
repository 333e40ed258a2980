package io.cerulean.blob.model;

import java.util.Locale;

/** A block blob's access tier ({@code x-ms-access-tier}), named as the service names it on the wire. */
public enum AccessTier {
    HOT("Hot"), COOL("Cool"), COLD("Cold"), ARCHIVE("Archive");

    private final String wireName;

    AccessTier(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The tier {@code name} names, compared without regard to case; null when it names none. */
    public static AccessTier parse(String name) {
        if (name == null) {
            return null;
        }
        for (AccessTier tier : values()) {
            if (tier.wireName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return tier;
            }
        }
        return null;
    }
}
