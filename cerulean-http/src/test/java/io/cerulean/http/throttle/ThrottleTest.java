package io.cerulean.http.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.CommonError;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThrottleTest {
    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(1);

    private Throttle throttle(String... targets) {
        ScalabilityTargets configured = ScalabilityTargets.azure();
        for (String target : targets) {
            configured = configured.with(target);
        }
        return new Throttle(configured, 1_000, now::get);
    }

    @Test
    void theAccountsRequestsPastTheTargetAreOperationsPerSecondOverTheLimit() {
        Throttle throttle = throttle("account-requests-per-second=5");
        for (int i = 0; i < 5; i++) {
            throttle.admit("a", 0, null);
        }
        assertThatThrownBy(() -> throttle.admit("a", 0, null))
                .isInstanceOf(ThrottledException.class)
                .hasMessage("Operations per second is over the account limit.")
                .satisfies(e -> assertThat(((ThrottledException) e).errorCode()).isEqualTo(CommonError.SERVER_BUSY));
        assertThatCode(() -> throttle.admit("b", 0, null)).doesNotThrowAnyException();
        now.addAndGet(SECOND / 5);
        assertThatCode(() -> throttle.admit("a", 0, null)).doesNotThrowAnyException();
    }

    @Test
    void ingressPastTheTargetIsRefusedAndTakesNoRequest() {
        Throttle throttle = throttle("account-ingress-bytes-per-second=1000", "account-requests-per-second=2");
        throttle.admit("a", 900, null);
        assertThatThrownBy(() -> throttle.admit("a", 200, null)).hasMessage("Ingress is over the account limit.");
        throttle.admit("a", 100, null); // the refused request's request was given back
        assertThatThrownBy(() -> throttle.admit("a", 0, null))
                .hasMessage("Operations per second is over the account limit.");
    }

    @Test
    void egressChargedAfterAnAnswerRefusesTheNextRequestUntilPaid() {
        Throttle throttle = throttle("account-egress-bytes-per-second=1000");
        throttle.admit("a", 0, null);
        throttle.chargeEgress("a", 3_000);
        assertThatThrownBy(() -> throttle.admit("a", 0, null)).hasMessage("Egress is over the account limit.");
        now.addAndGet(2 * SECOND + SECOND / 100);
        assertThatCode(() -> throttle.admit("a", 0, null)).doesNotThrowAnyException();
    }

    @Test
    void aPartitionPastItsTargetIsBusyAndAnotherIsNot() {
        Throttle throttle = throttle("table-partition-entities-per-second=50");
        throttle.admit(Load.tablePartition("a", "Orders", "hot", 40));
        assertThatThrownBy(() -> throttle.admit("a", 0, Load.tablePartition("a", "orders", "hot", 20)))
                .hasMessage("The server is currently unable to receive requests. Please retry your request.");
        throttle.admit("a", 0, Load.tablePartition("a", "orders", "cold", 20));
        throttle.admit("a", 0, Load.tablePartition("a", "orders", "hot", 10));
    }

    @Test
    void aReadIsRefusedOnlyWhenItsResourceCouldNotServeOneAndIsChargedInFull() {
        Throttle throttle = throttle("table-partition-entities-per-second=50");
        Load scan = Load.tablePartition("a", "t", "p", 500);
        throttle.chargeRead(scan); // a full bucket: served, 450 in debt
        assertThatThrownBy(() -> throttle.chargeRead(scan.withUnits(1))).isInstanceOf(ThrottledException.class);
        now.addAndGet(9 * SECOND);
        assertThatThrownBy(() -> throttle.admit(scan.withUnits(1))).isInstanceOf(ThrottledException.class);
        now.addAndGet(SECOND);
        throttle.admit(scan.withUnits(1));
    }

    @Test
    void queuesAndBlobsHaveTargetsOfTheirOwn() {
        Throttle throttle = throttle("queue-messages-per-second=3", "blob-requests-per-second=2");
        throttle.admit("a", 0, Load.queue("a", "q", 3));
        assertThatThrownBy(() -> throttle.admit("a", 0, Load.queue("a", "q", 1))).isInstanceOf(ThrottledException.class);
        throttle.admit("a", 0, Load.blob("a", "c", "b"));
        throttle.admit("a", 0, Load.blob("a", "c", "b"));
        assertThatThrownBy(() -> throttle.admit("a", 0, Load.blob("a", "c", "b"))).isInstanceOf(ThrottledException.class);
        throttle.admit("a", 0, Load.blob("a", "c", "other"));
    }

    @Test
    void eachRefusalIsCountedByTheTargetItPassed() {
        io.micrometer.core.instrument.simple.SimpleMeterRegistry registry =
                new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
        Throttle throttle = Throttle.enforcing(ScalabilityTargets.azure().with("blob-requests-per-second=1"), registry);
        throttle.admit("a", 0, Load.blob("a", "c", "b"));
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> throttle.admit("a", 0, Load.blob("a", "c", "b")))
                    .isInstanceOf(ThrottledException.class);
        }
        assertThat(registry.get("cerulean.throttled.requests").tag("target", "blob").counter().count()).isEqualTo(3);
        assertThat(registry.get("cerulean.throttled.requests").tag("target", "account_requests").counter().count())
                .isZero();
    }

    @Test
    void offEnforcesNothing() {
        for (int i = 0; i < 100_000; i++) {
            Throttle.OFF.admit("a", 1L << 40, Load.tablePartition("a", "t", "p", 100));
            Throttle.OFF.admit(Load.blob("a", "c", "b"));
        }
        assertThat(Throttle.OFF.isOn()).isFalse();
    }

    @Test
    void aMillionPartitionsKeepTheBucketsBounded() {
        Throttle throttle = throttle("account-requests-per-second=1000000000");
        for (int i = 0; i < 1_000_000; i++) {
            throttle.admit("a", 0, Load.tablePartition("a", "t", "p" + i, 1));
        }
        assertThat(throttle.resourceBuckets()).isLessThanOrEqualTo(1_000);
    }
}
