package io.cerulean.table.layout;

import io.cerulean.table.model.Entity;

/** The outcome of {@link TableLayout#commit}: every mutation applied, or none. */
public sealed interface CommitResult {
    /** All mutations applied (durable once {@link TableLayout#whenDurable} completes). */
    record Applied() implements CommitResult {
    }

    /**
     * Nothing applied: mutation {@code index} was the first whose condition failed; {@code current}
     * is that entity's state as the store saw it (null when absent).
     */
    record ConditionFailed(int index, Entity current) implements CommitResult {
    }

    CommitResult APPLIED = new Applied();
}
