package io.cerulean.http.reset;

/**
 * What a reset removed: the accounts it wiped and their tables, queues and containers (Storage
 * Analytics' own included), as the endpoint answers it in JSON.
 */
public record ResetSummary(int accounts, long tables, long queues, long containers) {
    public ResetSummary {
        if (accounts < 0 || tables < 0 || queues < 0 || containers < 0) {
            throw new IllegalArgumentException("a reset removes no negative number of anything");
        }
    }

    /** {@code {"accounts":1,"tables":3,"queues":2,"containers":4}}. */
    public String json() {
        return "{\"accounts\":" + accounts + ",\"tables\":" + tables + ",\"queues\":" + queues
                + ",\"containers\":" + containers + "}";
    }
}
