package io.cerulean.queue.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A queue's metadata: names kept in the case they were set, compared without regard to case (as
 * Create Queue does when it finds the queue there), values exactly.
 */
public record QueueMetadata(Map<String, String> pairs) {
    public static final QueueMetadata NONE = new QueueMetadata(Map.of());

    public QueueMetadata {
        pairs = Collections.unmodifiableMap(new LinkedHashMap<>(pairs));
    }

    /** Whether {@code other} names the same pairs, names compared without regard to case. */
    public boolean sameAs(QueueMetadata other) {
        return folded().equals(other.folded());
    }

    private Map<String, String> folded() {
        Map<String, String> folded = new LinkedHashMap<>();
        pairs.forEach((name, value) -> folded.put(name.toLowerCase(Locale.ROOT), value));
        return folded;
    }
}
