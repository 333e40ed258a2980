package io.cerulean.http.reset;

import java.util.concurrent.CompletableFuture;

/**
 * Wipes accounts' data on every service of the database: what {@code POST /{account}/$reset} runs
 * once the request is admitted. Given by the application, which knows the services.
 */
public interface Resetter {
    /**
     * Removes everything {@code account} holds, on every service, and puts what the servers keep in
     * memory of it back to a new account's. Visible when it returns; durable once
     * {@link #whenDurable()} asked for after it completes.
     */
    ResetSummary resetAccount(String account);

    /** The same for every account found in the store's catalogues, configured or not. */
    ResetSummary resetAll();

    /** Completes once every change made before this call is durable. */
    CompletableFuture<Void> whenDurable();
}
