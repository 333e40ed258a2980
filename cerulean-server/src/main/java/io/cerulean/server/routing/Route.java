package io.cerulean.server.routing;

import io.cerulean.server.auth.Action;
import io.cerulean.server.operations.TableOperation;

/** Where a request goes: the operation that handles it and the action it is authorized as. */
public record Route(TableOperation operation, Action action) {
}
