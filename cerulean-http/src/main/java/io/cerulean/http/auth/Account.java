package io.cerulean.http.auth;

import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * A storage account: its name and one or two keys (two allow rotation). Keys are the decoded
 * bytes of the base64 key; they are never logged or rendered.
 */
public record Account(String name, List<byte[]> keys) {
    /** The well-known development account's name. */
    public static final String DEVELOPMENT_NAME = "devstoreaccount1";
    /** The well-known development account's published key. */
    public static final String DEVELOPMENT_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    public Account {
        Objects.requireNonNull(name, "name");
        keys = List.copyOf(keys);
        if (keys.isEmpty() || keys.size() > 2) {
            throw new IllegalArgumentException("an account has one or two keys");
        }
    }

    /** An account from base64 keys; throws IllegalArgumentException naming the bad key. */
    public static Account of(String name, String... base64Keys) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("an account name cannot be empty");
        }
        byte[][] keys = new byte[base64Keys.length][];
        for (int i = 0; i < base64Keys.length; i++) {
            try {
                keys[i] = Base64.getDecoder().decode(base64Keys[i]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("key " + (i + 1) + " of account " + name + " is not base64");
            }
        }
        return new Account(name, List.of(keys));
    }

    public static Account development() {
        return of(DEVELOPMENT_NAME, DEVELOPMENT_KEY);
    }

    @Override
    public String toString() {
        return "Account[" + name + ", " + keys.size() + " key(s)]";
    }
}
