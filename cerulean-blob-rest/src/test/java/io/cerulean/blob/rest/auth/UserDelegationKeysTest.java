package io.cerulean.blob.rest.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.state.ServerState;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class UserDelegationKeysTest {
    private static final byte[] SECRET = new byte[32];
    private static final UserDelegationKey KEY = new UserDelegationKey("oid", "tid",
            Instant.parse("2026-11-29T06:00:00Z"), Instant.parse("2026-11-29T08:00:00Z"), "b", "2025-05-05", "");

    private static byte[] value(UserDelegationKey key) {
        return new UserDelegationKeys(SECRET).value("devstoreaccount1", key);
    }

    @Test
    void theSameFieldsUnderTheSameSecretDeriveTheSameValue() {
        assertThat(value(KEY)).hasSize(32).isEqualTo(value(new UserDelegationKey("oid", "tid",
                Instant.parse("2026-11-29T06:00:00.000Z"), KEY.expiry(), "b", "2025-05-05", "")));
    }

    @Test
    void everyFieldTheAccountAndTheSecretChangeTheValue() {
        byte[] value = value(KEY);
        Instant start = KEY.start();
        Instant expiry = KEY.expiry();
        assertThat(value(new UserDelegationKey("other", "tid", start, expiry, "b", "2025-05-05", ""))).isNotEqualTo(value);
        assertThat(value(new UserDelegationKey("oid", "other", start, expiry, "b", "2025-05-05", ""))).isNotEqualTo(value);
        assertThat(value(new UserDelegationKey("oid", "tid", start.minusSeconds(1), expiry, "b", "2025-05-05", "")))
                .isNotEqualTo(value);
        assertThat(value(new UserDelegationKey("oid", "tid", start, expiry.plusSeconds(1), "b", "2025-05-05", "")))
                .isNotEqualTo(value);
        assertThat(value(new UserDelegationKey("oid", "tid", start, expiry, "q", "2025-05-05", ""))).isNotEqualTo(value);
        assertThat(value(new UserDelegationKey("oid", "tid", start, expiry, "b", "2025-07-05", ""))).isNotEqualTo(value);
        assertThat(value(new UserDelegationKey("oid", "tid", start, expiry, "b", "2025-05-05", "t"))).isNotEqualTo(value);
        assertThat(new UserDelegationKeys(SECRET).value("another", KEY)).isNotEqualTo(value);
        byte[] otherSecret = new byte[32];
        otherSecret[0] = 1;
        assertThat(new UserDelegationKeys(otherSecret).value("devstoreaccount1", KEY)).isNotEqualTo(value);
    }

    @Test
    void serversOnOneStoreDeriveOneValue() {
        MemoryKeyValueStore store = new MemoryKeyValueStore();
        byte[] one = UserDelegationKeys.of(new ServerState(store)).value("devstoreaccount1", KEY);
        byte[] two = UserDelegationKeys.of(new ServerState(store)).value("devstoreaccount1", KEY);
        byte[] elsewhere = UserDelegationKeys.of(new ServerState(new MemoryKeyValueStore())).value("devstoreaccount1", KEY);
        assertThat(two).isEqualTo(one);
        assertThat(elsewhere).isNotEqualTo(one);
    }
}
