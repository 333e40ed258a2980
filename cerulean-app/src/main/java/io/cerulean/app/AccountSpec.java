package io.cerulean.app;

import io.cerulean.http.auth.Account;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Accounts as written on the command line ({@code NAME:KEY1[:KEY2]}) and in Azurite's
 * {@code AZURITE_ACCOUNTS} variable ({@code name1:key1[:key2];name2:key1}).
 */
final class AccountSpec {
    private AccountSpec() {
    }

    static Account parse(String spec) {
        String[] parts = spec.trim().split(":");
        if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty()) {
            throw new IllegalArgumentException("an account is NAME:KEY1[:KEY2], not '" + redact(spec) + "'");
        }
        return Account.of(parts[0], Arrays.copyOfRange(parts, 1, parts.length));
    }

    static List<Account> parseList(String specs) {
        List<Account> accounts = new ArrayList<>();
        for (String spec : specs.split(";")) {
            if (!spec.isBlank()) {
                accounts.add(parse(spec));
            }
        }
        return accounts;
    }

    /** The account name only: keys never appear in messages. */
    private static String redact(String spec) {
        int colon = spec.indexOf(':');
        return colon < 0 ? spec : spec.substring(0, colon) + ":***";
    }
}
