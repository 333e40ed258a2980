package io.cerulean.http.pipeline;

/** What a request's URL addresses, as far as the kernel needs to know: the account it names. */
public interface Target {
    /** The account the URL names, without a {@code -secondary} suffix. */
    String account();

    /**
     * Whether the URL names the account's secondary endpoint ({@code <account>-secondary}), which is
     * read-only, as on a read-access geo-redundant account. False by default.
     */
    default boolean secondary() {
        return false;
    }

    /** The table, queue or container the URL names; null when it names none (the account's own resources). */
    default String resourceName() {
        return null;
    }
}
