package io.cerulean.common.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Stored access policies: their bounds, the services' permission letters, and the stored form. */
class AccessPoliciesTest {
    private static final Instant T1 = Instant.parse("2021-07-08T09:10:09Z");
    private static final Instant T2 = Instant.parse("2031-12-31T23:59:58.1234567Z");

    private static StoredAccessPolicy policy(String id, Instant start, Instant expiry, String permission) {
        return new StoredAccessPolicy(id, Optional.ofNullable(start), Optional.ofNullable(expiry),
                Optional.ofNullable(permission));
    }

    private static ServiceException refusal(Runnable action) {
        return catchThrowableOfType(action::run, ServiceException.class);
    }

    @Test
    void anIdHasOneToSixtyFourCharacters() {
        assertThat(policy("x".repeat(64), null, null, null).id()).hasSize(64);
        for (String id : List.of("", "x".repeat(65))) {
            ServiceException e = refusal(() -> policy(id, null, null, null));
            assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
            assertThat(e.getMessage()).contains("Id must have 1 to 64 characters");
        }
    }

    @Test
    void atMostFivePoliciesWithDistinctIds() {
        List<StoredAccessPolicy> six = List.of(policy("p0", null, null, null), policy("p1", null, null, null),
                policy("p2", null, null, null), policy("p3", null, null, null), policy("p4", null, null, null),
                policy("p5", null, null, null));
        assertThat(new AccessPolicies(six.subList(0, 5)).policies()).hasSize(5);
        ServiceException tooMany = refusal(() -> new AccessPolicies(six));
        assertThat(tooMany.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(tooMany.getMessage()).contains("at most 5");
        ServiceException repeated = refusal(() -> new AccessPolicies(List.of(policy("p", null, null, null),
                policy("p", null, null, "r"))));
        assertThat(repeated.errorCode()).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(repeated.getMessage()).contains("'p'");
    }

    @Test
    void findComparesIdsExactly() {
        AccessPolicies acl = new AccessPolicies(List.of(policy("Readers", null, T1, "r")));
        assertThat(acl.find("Readers")).contains(policy("Readers", null, T1, "r"));
        assertThat(acl.find("readers")).isEmpty();
        assertThat(AccessPolicies.empty().find("Readers")).isEmpty();
    }

    @Test
    void requirePermissionsNamesThePolicyAndTheLettersAllowed() {
        AccessPolicies acl = new AccessPolicies(List.of(policy("bare", null, null, null), policy("all", null, null,
                "raud"), policy("writer", null, null, "rw")));
        assertThat(new AccessPolicies(acl.policies().subList(0, 2)).requirePermissions("raud").policies()).hasSize(2);
        ServiceException e = refusal(() -> acl.requirePermissions("raud"));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        assertThat(e.getMessage()).isEqualTo(
                "The permission 'rw' of signed identifier 'writer' has a letter other than r, a, u and d.");
        assertThat(refusal(() -> new AccessPolicies(List.of(policy("q", null, null, "rp"))).requirePermissions("raud"))
                .getMessage()).contains("'rp'");
        assertThat(new AccessPolicies(List.of(policy("q", null, null, "rp"))).requirePermissions("raup").policies())
                .hasSize(1);
        assertThat(refusal(() -> new AccessPolicies(List.of(policy("q", null, null, "R"))).requirePermissions("r"))
                .getMessage()).endsWith("has a letter other than r.");
    }

    @Test
    void encodingReadsBackTheSame() {
        AccessPolicies acl = new AccessPolicies(List.of(policy("policy1", T1, T2, "raud"), policy("bare", null, null,
                null), policy("ünïcödé 🙂", Instant.parse("1601-01-01T00:00:00Z"), null, "au")));
        assertThat(AccessPolicies.decode(acl.encode())).isEqualTo(acl);
        assertThat(AccessPolicies.decode(AccessPolicies.empty().encode())).isEqualTo(AccessPolicies.empty());
        assertThat(AccessPolicies.decode(new byte[0])).isEqualTo(AccessPolicies.empty());
    }

    /** The form tables have been stored with since the first release: a change here would lose their ACLs. */
    @Test
    void theStoredFormIsUnchanged() {
        byte[] stored = HexFormat.of().parseHex("0101" + "0001" + "70" + "01" + "0000000060e6c0f1" + "00000000"
                + "00" + "01" + "0001" + "72");
        AccessPolicies acl = new AccessPolicies(List.of(policy("p", T1, null, "r")));
        assertThat(acl.encode()).isEqualTo(stored);
        assertThat(AccessPolicies.decode(stored)).isEqualTo(acl);
    }
}
