package io.cerulean.blob.service;

import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.DestinationSettings;
import java.util.Map;
import java.util.Objects;

/**
 * The destination of a copy and what the copy makes of it: the blob, its content headers and
 * metadata (each null: the source's), the conditions its write checks ({@code If-*}, its lease), the
 * kind of blob it becomes, and what the request sets on it beside ({@link DestinationSettings}).
 */
public record CopyTarget(String account, String container, String name, ContentHeaders headers,
                         Map<String, String> metadata, Conditions conditions, CopyKind kind,
                         DestinationSettings settings) {
    public CopyTarget {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(container, "container");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(conditions, "conditions");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(settings, "settings");
    }

    /** Copy Blob's destination: the source's content headers, {@code metadata} (null: the source's). */
    public static CopyTarget copy(String account, String container, String name, Map<String, String> metadata,
                                  Conditions conditions, DestinationSettings settings) {
        return new CopyTarget(account, container, name, null, metadata, conditions, CopyKind.COPY, settings);
    }

    /** This target with {@code settings} instead. */
    public CopyTarget withSettings(DestinationSettings settings) {
        return new CopyTarget(account, container, name, headers, metadata, conditions, kind, settings);
    }
}
