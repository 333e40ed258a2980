package io.cerulean.http.reset;

import java.util.Locale;

/** What {@code POST /{account}/$reset} may wipe on this server ({@code --allow-reset}). */
public enum ResetGrant {
    /** Nothing: every reset is refused with 403 (the default). */
    OFF,
    /** A request signed with an account's key wipes that account's data. */
    ACCOUNT,
    /** As {@link #ACCOUNT}, and any configured account's key may also wipe every account ({@code scope=all}). */
    ALL;

    /**
     * The grant a setting names: {@code off}, {@code account} or {@code all}, in any case.
     *
     * @throws IllegalArgumentException naming the values taken
     */
    public static ResetGrant parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--allow-reset takes off, account or all, not '" + text + "'");
        }
    }
}
