package io.cerulean.table.rest.routing;

import io.cerulean.table.rest.auth.Action;
import io.cerulean.table.rest.operations.TableOperation;

/** Where a request goes: the operation that handles it and the action it is authorized as. */
public record Route(TableOperation operation, Action action) {
}
