package io.cerulean.table.rest.batch;

import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.txn.Operation;
import java.util.Objects;

/**
 * A change-set operation ready to run: the core {@link Operation}, plus what its response part
 * needs (contract 6.3): the Content-ID to echo, whether an insert returns its entity (Prefer),
 * whether the client stated a preference (then Preference-Applied is sent), and the JSON level.
 */
record BatchOperation(Operation operation, String contentId, boolean returnContent, boolean preferStated,
                      MetadataLevel level) {
    BatchOperation {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(level, "level");
    }
}
