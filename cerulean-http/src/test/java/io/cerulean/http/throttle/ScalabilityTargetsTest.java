package io.cerulean.http.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScalabilityTargetsTest {
    @Test
    void azuresTargetsForAStandardAccount() {
        ScalabilityTargets azure = ScalabilityTargets.azure();
        assertThat(azure.accountRequestsPerSecond()).isEqualTo(20_000);
        assertThat(azure.accountIngressBytesPerSecond()).isEqualTo(3_125_000_000L); // 25 Gbps
        assertThat(azure.accountEgressBytesPerSecond()).isEqualTo(6_250_000_000L); // 50 Gbps
        assertThat(azure.tablePartitionEntitiesPerSecond()).isEqualTo(2_000);
        assertThat(azure.queueMessagesPerSecond()).isEqualTo(2_000);
        assertThat(azure.blobRequestsPerSecond()).isEqualTo(500);
        assertThat(azure.burstSeconds()).isEqualTo(1);
    }

    @Test
    void eachNameSetsItsTarget() {
        ScalabilityTargets set = ScalabilityTargets.azure();
        for (String name : ScalabilityTargets.NAMES) {
            set = set.with(name + "=7");
        }
        assertThat(set).isEqualTo(new ScalabilityTargets(7, 7, 7, 7, 7, 7, 7));
        assertThat(ScalabilityTargets.azure().with("account-ingress-bytes-per-second", "1_000_000")
                .accountIngressBytesPerSecond()).isEqualTo(1_000_000);
        assertThat(ScalabilityTargets.azure().with("burst-seconds", "0.5").burstSeconds()).isEqualTo(0.5);
    }

    @Test
    void refusesWhatIsNotATarget() {
        ScalabilityTargets azure = ScalabilityTargets.azure();
        assertThatThrownBy(() -> azure.with("partition=5")).hasMessageContaining("unknown scalability target");
        assertThatThrownBy(() -> azure.with("queue-messages-per-second=0")).hasMessageContaining("above 0");
        assertThatThrownBy(() -> azure.with("queue-messages-per-second=-3")).hasMessageContaining("whole number");
        assertThatThrownBy(() -> azure.with("queue-messages-per-second=2k")).hasMessageContaining("whole number");
        assertThatThrownBy(() -> azure.with("queue-messages-per-second=99999999999999999999"))
                .hasMessageContaining("too large");
        assertThatThrownBy(() -> azure.with("burst-seconds=0")).hasMessageContaining("above 0");
        assertThatThrownBy(() -> azure.with("blob-requests-per-second")).hasMessageContaining("NAME=VALUE");
    }
}
