package io.cerulean.storage;

/** What {@link KeyValueStore#commit} did: every mutation applied, or none. */
public sealed interface CommitOutcome {
    /** Every mutation applied: visible now, durable once {@link KeyValueStore#whenDurable} completes. */
    record Applied() implements CommitOutcome {
    }

    /**
     * Nothing applied: mutation {@code index} was the first whose precondition failed, and
     * {@code current} is its record as the store saw it (null when absent). A store whose engine
     * only reports that some condition failed derives the index from the current records.
     */
    record PreconditionFailed(int index, StoredValue current) implements CommitOutcome {
    }

    CommitOutcome APPLIED = new Applied();
}
