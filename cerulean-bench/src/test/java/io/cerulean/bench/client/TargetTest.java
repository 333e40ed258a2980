package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TargetTest {
    private static final Endpoint ONE = Endpoint.parse("http://127.0.0.1:10002/devstoreaccount1");
    private static final Endpoint TWO = Endpoint.parse("http://127.0.0.1:10003/devstoreaccount1");
    private static final Endpoint THREE = Endpoint.parse("http://127.0.0.2:10002/devstoreaccount1");

    @Test
    void oneEndpointIsEveryWorkersEndpoint() {
        Target target = new Target(ONE, Target.DEV_ACCOUNT, Target.DEV_KEY);
        assertThat(target.endpoints()).containsExactly(ONE);
        assertThat(target.endpoint()).isEqualTo(ONE);
        assertThat(target.endpointOf(0)).isEqualTo(ONE);
        assertThat(target.endpointOf(15)).isEqualTo(ONE);
    }

    @Test
    void workersAreSpreadRoundRobinInTheOrderGiven() {
        Target target = new Target(List.of(ONE, TWO, THREE), Target.DEV_ACCOUNT, Target.DEV_KEY);
        assertThat(target.endpoint()).isEqualTo(ONE);
        assertThat(List.of(0, 1, 2, 3, 4, 5, 6).stream().map(target::endpointOf))
                .containsExactly(ONE, TWO, THREE, ONE, TWO, THREE, ONE);
    }

    @Test
    void endpointsAreCommaSeparated() {
        assertThat(Target.parseEndpoints("http://127.0.0.1:10002/devstoreaccount1")).containsExactly(ONE);
        assertThat(Target.parseEndpoints("http://127.0.0.1:10002/devstoreaccount1/, http://127.0.0.1:10003/devstoreaccount1"))
                .containsExactly(ONE, TWO);
        assertThatThrownBy(() -> Target.parseEndpoints("http://127.0.0.1:10002/devstoreaccount1,"))
                .hasMessageContaining("empty endpoint");
    }

    @Test
    void theSameEndpointTwiceIsRefused() {
        assertThatThrownBy(() -> new Target(List.of(ONE, TWO, Endpoint.parse(ONE.url() + "/")), Target.DEV_ACCOUNT,
                Target.DEV_KEY)).hasMessageContaining("given twice");
        assertThatThrownBy(() -> new Target(List.of(), Target.DEV_ACCOUNT, Target.DEV_KEY))
                .hasMessageContaining("no endpoint");
    }
}
