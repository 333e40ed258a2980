package io.cerulean.app;

import io.cerulean.http.auth.Account;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accounts as written on the command line ({@code NAME:KEY1[:KEY2]}) and in Azurite's
 * {@code AZURITE_ACCOUNTS} variable ({@code name1:key1[:key2];name2:key1}).
 *
 * <p>Cerulean's own settings refuse a key that is not base64. {@code AZURITE_ACCOUNTS} takes any key
 * as Azurite does ({@link NodeBase64}), so that a setup made for Azurite starts unchanged and its
 * clients' signatures still match; a key that strict base64 would read otherwise gets a warning
 * naming its account.
 */
final class AccountSpec {
    private static final Logger log = LoggerFactory.getLogger(AccountSpec.class);

    private AccountSpec() {
    }

    static Account parse(String spec) {
        String[] parts = split(spec);
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

    /** {@code AZURITE_ACCOUNTS}: the form is checked as for {@link #parseList}, the keys are read as Azurite reads them. */
    static List<Account> parseAzuriteList(String specs) {
        List<Account> accounts = new ArrayList<>();
        for (String spec : specs.split(";")) {
            if (spec.isBlank()) {
                continue;
            }
            String[] parts = split(spec);
            List<byte[]> keys = new ArrayList<>();
            for (int i = 1; i < parts.length; i++) {
                byte[] key = NodeBase64.decode(parts[i]);
                if (!Arrays.equals(key, strictBase64(parts[i]))) {
                    log.warn("key {} of account '{}' in AZURITE_ACCOUNTS is not base64; it is read as Azurite reads "
                            + "it, skipping characters outside the base64 alphabet and stopping at the first '='",
                            i, parts[0]);
                }
                keys.add(key);
            }
            accounts.add(new Account(parts[0], keys));
        }
        return accounts;
    }

    private static String[] split(String spec) {
        String[] parts = spec.trim().split(":");
        if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty()) {
            throw new IllegalArgumentException("an account is NAME:KEY1[:KEY2], not '" + redact(spec) + "'");
        }
        return parts;
    }

    private static byte[] strictBase64(String key) {
        try {
            return Base64.getDecoder().decode(key);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The account name only: keys never appear in messages. */
    private static String redact(String spec) {
        int colon = spec.indexOf(':');
        return colon < 0 ? spec : spec.substring(0, colon) + ":***";
    }
}
